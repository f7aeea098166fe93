import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TReceipt } from '@sh/shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { ChevronDownIcon } from '../../components/icons';
import { formatTimestampInUk } from '../../lib/format';
import { ReceiptLogInclusion } from './ReceiptLogInclusion';

/**
 * A record's signed receipt, collapsed under a "Receipt" button: its position in the vehicle's chain, its
 * hash and our signature, each with a Copy button, the id of the key that signed it, the whole receipt as JSON for
 * the check on /verify-records, and, asked for once it is opened, where its entry stands in the public log.
 */
export function ReceiptDetails({ recordId, receipt }: { recordId: string; receipt: TReceipt }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={`receipt${isOpen ? ' is-open' : ''}`}>
      <button
        type="button"
        className="receipt__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        Receipt
        <ChevronDownIcon className="receipt__chevron" size={18} />
      </button>
      <div id={panelId} className="receipt__panel" hidden={!isOpen}>
        <dl className="receipt__fields">
          <div>
            <dt>Position</dt>
            <dd>{`Entry ${receipt.position} in this vehicle’s history`}</dd>
          </div>
          <CopyableValue term="Hash" value={receipt.hash} />
          <CopyableValue term="Signature" value={receipt.signature} />
          <div>
            <dt>Signing key</dt>
            <dd>
              <code className="receipt__value">{receipt.key_id}</code>
            </dd>
          </div>
          <div>
            <dt>Signed</dt>
            <dd>
              <time dateTime={receipt.signed_at}>{formatTimestampInUk(receipt.signed_at)}</time>
            </dd>
          </div>
        </dl>
        <h4 className="receipt__subheading">Public log</h4>
        {isOpen ? <ReceiptLogInclusion recordId={recordId} /> : null}
        <p className="receipt__footer">
          <CopyButton value={JSON.stringify(receipt, null, 2)} label="whole receipt as JSON" />
          <Link to="/verify-records">How to check a receipt</Link>
        </p>
      </div>
    </div>
  );
}

/** A value of the receipt in full, with a Copy button named after it. */
function CopyableValue({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <code className="receipt__value">{value}</code>
        <CopyButton value={value} label={term.toLowerCase()} />
      </dd>
    </div>
  );
}
