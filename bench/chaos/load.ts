/**
 * The load: garages logging services through the gateway, each submit with an Idempotency-Key and retried with it
 * after a 5xx or a network error until it is answered (as the web app does), every tenth sent twice at once (a double
 * click); and visitors looking vehicles up meanwhile. Every loop is bounded.
 */
import { randomUUID } from 'node:crypto';
import { call, postJson } from './http.js';
import { count, redisOutage, submits, type Phase, type Submit } from './phase.js';
import { CONTENDED_GARAGES, PASSWORD, SHARED_REGISTRATIONS, sleep, SUBMIT_GIVE_UP_MS, VISITORS } from './settings.js';

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

export interface Garage {
  index: number;
  id: string;
  email: string;
  token: string;
  next: number;
}

/** A current-format registration for (group, n): `C` + a letter + two digits + three letters. */
export function registrationFor(group: number, n: number): string {
  const letters = [Math.floor(n / 529) % 23, Math.floor(n / 23) % 23, n % 23].map((i) => LETTERS[i]).join('');
  return `C${LETTERS[group % 23]}${String(10 + (Math.floor(n / 12167) % 90))}${letters}`;
}

function bodyFor(garage: Garage, n: number, key: string, registration: string): Record<string, unknown> {
  return {
    vin: `SAJCHX${String(garage.index).padStart(2, '0')}${String(n).padStart(9, '0')}`,
    vehicle_registration: registration,
    mileage: 20_000 + n,
    service_type: n % 2 === 0 ? 'Full Service, Oil & Filter Change' : 'Brake Pad Replacement',
    notes: `chaos submit ${key}`,
    technician_name: 'Sam Patel',
    full_name: 'Sam Patel',
    password: PASSWORD,
  };
}

export class Load {
  private isStopping = false;
  private readonly runners: Promise<void>[] = [];

  constructor(
    private readonly gateway: string,
    private readonly garages: Garage[],
    private readonly lookupRegistrations: string[],
    private readonly phase: Phase,
  ) {
    for (const garage of garages) this.runners.push(this.garageLoop(garage));
    for (let i = 0; i < VISITORS; i += 1) this.runners.push(this.visitorLoop(i));
  }

  /** Stops starting new work; resolves once each garage has had its submit in hand answered (or given up). */
  async stop(): Promise<void> {
    this.isStopping = true;
    await Promise.all(this.runners);
  }

  private async login(garage: Garage): Promise<void> {
    const deadline = Date.now() + SUBMIT_GIVE_UP_MS;
    for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 2000)) {
      const answer = await postJson(`${this.gateway}/api/v1/auth/login`, { email: garage.email, password: PASSWORD });
      count(this.phase, answer.status);
      if (answer.status === 200) {
        garage.token = (answer.json as { data: { session: { access_token: string } } }).data.session.access_token;
        return;
      }
      await sleep(delay);
    }
    throw new Error(`garage ${garage.index} could not sign in for ${SUBMIT_GIVE_UP_MS / 1000} s`);
  }

  private async send(garage: Garage, submit: Submit, body: Record<string, unknown>): Promise<number | null> {
    const isSentInOutage = redisOutage.isOn;
    const answer = await postJson(`${this.gateway}/api/v1/service-records`, body, {
      authorization: `Bearer ${garage.token}`,
      'idempotency-key': submit.key,
    });
    count(this.phase, answer.status, this.phase.submitStatuses);
    this.phase.submitAttempts += 1;
    const isInOutage = isSentInOutage && redisOutage.isOn;
    if (isInOutage) this.phase.outageSubmitAttempts += 1;
    if (answer.status === 201) {
      submit.recordIds.add((answer.json as { data: { serviceRecord: { id: string } } }).data.serviceRecord.id);
      submit.isAcknowledged = true;
      if (isInOutage) submit.isAcknowledgedInOutage = true;
    } else if (answer.status !== null && answer.status < 500 && answer.status !== 401 && answer.status !== 429) {
      const code = (answer.json as { code?: string } | null)?.code ?? '';
      submit.rejectedWith = `${answer.status} ${code}`.trim();
    }
    return answer.status;
  }

  /** One garage: submit after submit until stopped; each submit retried with its key until it is answered. */
  private async garageLoop(garage: Garage): Promise<void> {
    for (let i = 0; i < 10_000 && !this.isStopping; i += 1) {
      const n = garage.next++;
      const key = randomUUID();
      const registration =
        garage.index < CONTENDED_GARAGES
          ? registrationFor(0, Math.floor(Math.random() * SHARED_REGISTRATIONS))
          : registrationFor(garage.index + 1, n);
      const submit: Submit = {
        key,
        phase: this.phase.name,
        garage: garage.index,
        registration,
        recordIds: new Set(),
        isAcknowledged: false,
        isAcknowledgedInOutage: false,
        gaveUp: false,
        rejectedWith: null,
      };
      submits.push(submit);
      const body = bodyFor(garage, n, key, registration);
      const giveUpAt = Date.now() + SUBMIT_GIVE_UP_MS;
      // Every tenth submit is a double click: the same key twice at once.
      let statuses = await Promise.all(
        n % 10 === 9
          ? [this.send(garage, submit, body), this.send(garage, submit, body)]
          : [this.send(garage, submit, body)],
      );
      for (let delay = 250; !submit.isAcknowledged && !submit.rejectedWith; delay = Math.min(delay * 2, 2000)) {
        if (Date.now() > giveUpAt) {
          submit.gaveUp = true;
          break;
        }
        if (statuses.includes(401)) await this.login(garage);
        else await sleep(delay);
        statuses = [await this.send(garage, submit, body)];
      }
      await sleep(150);
    }
  }

  private async visitorLoop(visitor: number): Promise<void> {
    for (let i = 0; i < 100_000 && !this.isStopping; i += 1) {
      const registration = this.lookupRegistrations[(visitor * 7919 + i * 31) % this.lookupRegistrations.length]!;
      const inOutage = redisOutage.isOn;
      const answer = await call(`${this.gateway}/api/v1/service-records/lookup/${registration}`);
      count(this.phase, answer.status, this.phase.lookupStatuses);
      this.phase.lookups += 1;
      const isAnswered = answer.status !== null && answer.status < 500;
      if (isAnswered) this.phase.lookupAnswers += 1;
      else if (answer.status === null) this.phase.lookupNetworkErrors += 1;
      else this.phase.lookupServerErrors += 1;
      if (inOutage && redisOutage.isOn) {
        this.phase.outageLookups += 1;
        if (isAnswered) this.phase.outageLookupAnswers += 1;
        this.phase.outageLookupMs.push(answer.ms);
      }
      await sleep(100);
    }
  }
}
