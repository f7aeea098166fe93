import { fetchGarageReceipt } from '../../api/service-records';
import { CopyButton } from '../../components/CopyButton';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { useApiData } from '../../lib/use-api-data';
import { formatWholeNumber } from '../../lib/format';

/** The public address of the inclusion proof of a leaf in the tree of a checkpoint's size. */
export function inclusionProofPath(leafIndex: number, treeSize: number): string {
  return `/api/v1/service-records/log/proof/inclusion?${new URLSearchParams({ leaf: String(leafIndex), size: String(treeSize) }).toString()}`;
}

/**
 * Where a receipt's entry stands in the public transparency log (issue 23), asked for when the receipt is opened:
 * the signed checkpoint that first covered it, with a link to its inclusion proof, or that it awaits the next one.
 * Its words live here, in the dashboard's lazily loaded code, not in MESSAGES.
 */
export function ReceiptLogInclusion({ recordId }: { recordId: string }) {
  const answer = useApiData((signal) => fetchGarageReceipt(recordId, { signal }), [recordId]);
  if (answer.status === 'failed')
    return <LoadFailure title="We could not check the public log just now." isCompact onRetry={answer.retry} />;
  if (answer.status !== 'loaded') return <Spinner label="Checking the public log…" />;
  const { inclusion, receipt } = answer.data;
  if (inclusion.status === 'not_in_log') {
    return (
      <p className="receipt__log">
        This entry was recorded before the public log began, and has not been added to it yet.
      </p>
    );
  }
  if (inclusion.status === 'awaiting_checkpoint') {
    return (
      <p className="receipt__log">
        {`This entry is in the public log as leaf ${formatWholeNumber(receipt.leaf_index ?? 0)}, and waits for the log’s next signed checkpoint. One is usually signed within a minute; open this receipt again to see it.`}
      </p>
    );
  }
  const { checkpoint, proof } = inclusion;
  return (
    <div className="receipt__log">
      <p>
        {`This entry is in the public log as leaf ${formatWholeNumber(proof.leafIndex)}. The checkpoint below, signed with the log’s key, covers the log’s first ${formatWholeNumber(checkpoint.treeSize)} entries; the inclusion proof lets anyone check that this entry is one of them.`}
      </p>
      <pre className="receipt__note">{checkpoint.note}</pre>
      <p className="receipt__footer">
        <CopyButton value={checkpoint.note} label="signed checkpoint" />
        <a href={inclusionProofPath(proof.leafIndex, checkpoint.treeSize)} target="_blank" rel="noreferrer">
          Inclusion proof of this entry
        </a>
      </p>
    </div>
  );
}
