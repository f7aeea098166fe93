import type { TGarageServiceRecord } from '@sh/shared/contract';
import { NumberPlate } from '../../components/NumberPlate';
import { RecordDetail, ServiceRecordCard } from '../../components/ServiceRecordCard';
import { ReceiptDetails } from './ReceiptDetails';

/** One of the garage's own records: the service, vehicle, date, mileage, notes, technician and its receipt. */
export function GarageRecordCard({ record }: { record: TGarageServiceRecord }) {
  return (
    <ServiceRecordCard
      record={record}
      headingLevel={3}
      headingId={`record-${record.id}`}
      before={
        <>
          <RecordDetail term="Registration">
            <NumberPlate registration={record.vehicle_registration} size="sm" />
          </RecordDetail>
          <RecordDetail term="VIN">
            <code>{record.vin}</code>
          </RecordDetail>
        </>
      }
    >
      {record.receipt ? (
        <ReceiptDetails recordId={record.id} receipt={record.receipt} />
      ) : (
        <p className="receipt receipt--none">No receipt is available for this record.</p>
      )}
    </ServiceRecordCard>
  );
}
