import { describe, expect, it } from 'vitest';
import { canonicalPath, decodedPath, isCredentialCall, matchGatewayRoute, requiresAuthentication, resolveUpstream } from './routing.js';

describe("the gateway's own admin routes", () => {
  it.each(['/api/v1/admin/data', '/API/V1/Admin/Data/', '/api/v1//admin//data?limit=5', '/api/v1/%61dmin/data', '/api/v1/admin/%2564ata'])(
    'answers admin/data spelt %s',
    (raw) => {
      expect(matchGatewayRoute('GET', decodedPath(raw))).toEqual({ name: 'admin data' });
      expect(requiresAuthentication('GET', canonicalPath(raw))).toBe(true);
    },
  );

  it('reads a retry\'s service in any case and keeps the event id as given', () => {
    expect(matchGatewayRoute('POST', decodedPath('/api/v1/admin/events/Records/Ab-12:3/retry'))).toEqual({ name: 'retry event', service: 'records', id: 'Ab-12:3' });
  });

  it('matches nothing else, so that other methods and paths go on to be refused', () => {
    expect(matchGatewayRoute('POST', '/api/v1/admin/data')).toBeNull();
    expect(matchGatewayRoute('GET', '/api/v1/admin/events/records/1/retry')).toBeNull();
    expect(matchGatewayRoute('GET', '/api/v1/admin/data/more')).toBeNull();
    expect(matchGatewayRoute('GET', '/api/v1/garages/admin/data')).toBeNull();
    expect(resolveUpstream('/api/v1/admin/data')).toBeNull();
  });

  it('asks for a token to suspend or reinstate a garage, and sends it to garages', () => {
    const path = canonicalPath('/api/v1/Garages/4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10/Suspension/');
    expect(requiresAuthentication('POST', path)).toBe(true);
    expect(requiresAuthentication('DELETE', path)).toBe(true);
    expect(resolveUpstream(path)).toBe('garages');
  });
});

describe("the buyer's report", () => {
  it.each(['/api/v1/vehicles/AD61HCX', '/API/V1/Vehicles/ad61hcx/', '/api/v1/vehicles'])('is public and sent to records, spelt %s', (raw) => {
    const path = canonicalPath(raw);
    expect(resolveUpstream(path)).toBe('records');
    expect(requiresAuthentication('GET', path)).toBe(false);
  });

  it('does not take a path that only begins like it', () => {
    expect(resolveUpstream('/api/v1/vehiclesx/AD61HCX')).toBeNull();
  });
});

describe('two-step verification', () => {
  it('sends the second step and the enrolment calls to identity, the second step under the credential budget', () => {
    expect(resolveUpstream('/api/v1/auth/login/second-factor')).toBe('identity');
    expect(isCredentialCall('/api/v1/auth/login/second-factor')).toBe(true);
    expect(isCredentialCall('/api/v1/users/second-factor/enrolment/confirm')).toBe(true);
    // A refresh spends an unguessable HttpOnly cookie and runs on every page load of a signed-in tab: the general budget.
    expect(isCredentialCall('/api/v1/auth/refresh')).toBe(false);
    for (const path of ['/api/v1/users/second-factor', '/api/v1/users/second-factor/enrolment', '/api/v1/users/second-factor/enrolment/confirm']) {
      expect(resolveUpstream(path)).toBe('identity');
      // identity checks the token itself: an admin's enrolment-only token is good there and nowhere else.
      expect(requiresAuthentication('POST', path)).toBe(false);
    }
  });
});
