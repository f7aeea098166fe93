import { Link } from 'react-router-dom';
import { HeroPage } from '../components/HeroPage';
import { siteOrigin } from '../lib/browser-location';
import { buildVerificationExample } from '../lib/verification-example';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /verify-records: how anyone can check a vehicle's history without trusting this site's own verdict: the
 * hash chain behind GET service-records/verify and the Ed25519 receipts garages receive, with a Node.js example.
 */
export function VerifyRecordsPage() {
  useDocumentTitle('Check a history yourself');
  return (
    <HeroPage
      eyebrow="Tamper-evident records"
      title="Check a vehicle’s history yourself"
      lead="Every service record is sealed to the one before it, so a later change to the history can be detected. You do not have to take our word for it: here is how to check."
      bodyClassName="content-body prose verify-guide"
    >
      <h2>What “tamper-evident” means here</h2>
      <p>
        Each vehicle’s records form a chain, in the order they were logged. If an earlier entry were changed, removed or
        put in a different order, its fingerprint would no longer match, and neither would the link from the entry after
        it. A change is not prevented, but it shows up when anyone checks. That is all we claim.
      </p>

      <h2>How the chain is built</h2>
      <ol>
        <li>
          Every entry has a <code>position</code> (1 for the first record of the vehicle, then 2, 3 and so on), a{' '}
          <code>content</code> object with the fields that are sealed, a <code>hash</code> and a <code>prev_hash</code>.
        </li>
        <li>
          The <code>hash</code> is the SHA-256 of the entry’s <code>content</code> written as canonical JSON (RFC 8785,
          the JSON Canonicalization Scheme), in hexadecimal. Canonical JSON fixes key order, spacing and number format,
          so everyone who hashes the same content gets the same result.
        </li>
        <li>
          The <code>prev_hash</code> is the previous entry’s <code>hash</code>, or <code>null</code> for the first
          entry. The <code>content</code> itself includes <code>prev_hash</code> and <code>position</code>, so each hash
          covers the link to the entry before it.
        </li>
      </ol>
      <p>
        Anyone can fetch a vehicle’s chain, with no account, from{' '}
        <code>GET /api/v1/service-records/verify/&#123;registration&#125;</code>. Its <code>entries</code> give each
        entry’s <code>position</code>, <code>content</code>, <code>hash</code> and <code>prev_hash</code>, with the
        entry’s receipt (<code>signed_at</code>, <code>signature</code>, <code>key_id</code>, described below), so you
        can recompute every hash and link and check every signature yourself rather than rely on the <code>valid</code>{' '}
        answer we give next to them. That answer checks the signatures too: an entry whose hash was recomputed after a
        change no longer matches the signature we made when it was logged. The same check runs under every{' '}
        <Link to="/lookup">vehicle history</Link> on this site.
      </p>

      <h2>Receipts for garages</h2>
      <p>
        When a garage logs a service, it gets a receipt for the entry: <code>hash</code>, <code>position</code>,{' '}
        <code>prev_hash</code>, <code>registration</code>, <code>signed_at</code>, a <code>signature</code> and the{' '}
        <code>key_id</code> of the key that made it. The signature is an Ed25519 signature, in base64, by that key over
        the canonical JSON (RFC 8785) of <code>&#123;hash, position, prev_hash, registration, signed_at&#125;</code>.
        Every key we have signed with, current or retired, is at <code>GET /api/v1/service-records/signing-key</code> (
        <code>keys</code>: each PEM key with its <code>keyId</code> and the period it signed), so a receipt stays
        checkable after we change keys. A garage can copy its receipts from its dashboard and check at any time that the
        entry at that position still has the hash we signed.
      </p>

      <h2>What a check does not tell you</h2>
      <ul>
        <li>
          It shows that the records still match each other and the receipts we signed, not that what a garage entered is
          true. Each garage is responsible for the accuracy of its own records.
        </li>
        <li>
          The chain alone cannot show a history that was rebuilt from the start with new hashes. The receipts garages
          keep can: a receipt whose hash no longer appears at its position shows that the entry was changed.
        </li>
      </ul>

      <h2>Check it against the public log</h2>
      <p>
        Every entry of every vehicle is also added to one public, append-only log, and about once a minute we sign a
        short summary of the whole log (a checkpoint) with the log’s key. Our repository has a small script that checks
        a vehicle against it while trusting nothing we say but that key: it checks the checkpoint’s signature,
        recomputes each entry’s hash and link, and checks that each entry is in the signed log exactly as we show it. It
        needs only Node.js, with no packages to install. Give it the log’s key, as{' '}
        <code>GET /api/v1/service-records/log/key</code> and our README print it:
      </p>
      <pre className="code-block" tabIndex={0} aria-label="Command: verify a vehicle against the log">
        <code>{`npm run verify:vehicle -- AD61HCX --key KEY --base ${siteOrigin()}`}</code>
      </pre>
      <p>
        It prints <code>OK</code> and exits with 0 only when everything verifies; otherwise it names the first entry
        that fails and why. An entry logged in the last minute may not be in a checkpoint yet: try again shortly.
      </p>

      <h2>Check it with Node.js</h2>
      <p>
        This program uses only Node’s built-in <code>node:crypto</code> (with <code>fetch</code> and{' '}
        <code>node:fs</code>) and a JSON canonicaliser. It recomputes every hash and link of a vehicle’s chain and, if
        you give it a receipt saved as JSON, checks the receipt’s signature and that its entry is still in the chain.
      </p>
      <pre className="code-block" tabIndex={0} aria-label="Example program: check-history.mjs">
        <code>{buildVerificationExample(siteOrigin())}</code>
      </pre>
    </HeroPage>
  );
}
