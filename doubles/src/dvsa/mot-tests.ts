/**
 * The MOT tests the DVSA double reports for a seeded vehicle, derived from the registration and the seeded service
 * records, so that they agree with them: annual tests from the third anniversary of first registration up to the
 * seed's today, each reading interpolated between the service records around it (extrapolated at the vehicle's own
 * pace after the last one). About one test in five fails with defects (some dangerous) and is passed on a retest a
 * few days later; some passes carry advisories; now and then a tester enters the reading in kilometres.
 *
 * One vehicle contradicts its service records on purpose: CONTRADICTING_REGISTRATION's first MOT after its third
 * service reads 15% less than that service did (a clocked car for the report's mileage flag). The seed's own three
 * clocked cars (whose service records drop) keep that drop: their MOTs after it read below the record before it.
 */
import { SEED_TODAY, stableHash, type SeededVehicle } from '../dvla/seeded-vehicles.js';

export const CONTRADICTING_REGISTRATION = 'AD61HCX';
const KM_PER_MILE = 1.609344;
const DAY_MS = 86_400_000;

export interface DvsaDefect {
  text: string;
  type: 'ADVISORY' | 'MINOR' | 'MAJOR' | 'DANGEROUS' | 'FAIL' | 'PRS' | 'USER ENTERED';
  dangerous: boolean;
}

/** One MOT test in the MOT History API's own shape (its odometer reading is a string there). */
export interface DvsaMotTest {
  completedDate: string;
  testResult: 'PASSED' | 'FAILED';
  expiryDate?: string;
  odometerValue: string;
  odometerUnit: 'MI' | 'KM';
  odometerResultType: 'READ' | 'UNREADABLE' | 'NO_ODOMETER';
  motTestNumber: string;
  dataSource: 'DVSA';
  defects: DvsaDefect[];
}

const ADVISORIES = [
  'Nearside Front Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
  'Offside Rear Brake disc worn, pitted or scored, but not seriously weakened (1.1.14 (a) (ii))',
  'Front Anti-roll bar linkage ball joint dust cover deteriorated (5.3.4 (b))',
  'Oil leak, but not excessive (8.4.1 (a) (i))',
  'Corrosion to underside (general)',
] as const;
const MAJORS = [
  'Nearside Headlamp aim too high (4.1.2 (a))',
  'Offside Front Brake pad(s) less than 1.5 mm thick (1.1.13 (a) (ii))',
  'Windscreen wiper blade defective (3.4 (b) (i))',
  'Nearside Rear Coil spring fractured or seriously weakened (5.3.1 (b) (i))',
  'Exhaust emissions Lambda reading after 2nd fast idle outside specified limits (8.2.1.2 (c))',
] as const;
const DANGEROUS = [
  'Offside Front Tyre has a cut in excess of the requirements deep enough to reach the ply or cords (5.2.3 (d) (ii))',
  'Nearside Front Brake hose damaged or chafed with cords exposed (1.1.11 (c))',
  'Offside Front Suspension arm ball joint excessively worn (5.3.4 (a) (i))',
] as const;

function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y + years, m - 1, Math.min(d, 28)));
  return shifted.toISOString().slice(0, 10);
}
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/** The vehicle's mileage on a date, read off the line through its service records (0 miles when first registered). */
export function milesOn(vehicle: SeededVehicle, date: string): number {
  const points = [
    { date: vehicle.firstRegistered, miles: 0 },
    ...vehicle.readings.filter((r) => r.date >= vehicle.firstRegistered),
  ];
  const after = points.findIndex((p) => p.date > date);
  if (after > 0) {
    const a = points[after - 1]!;
    const b = points[after]!;
    const span = daysBetween(a.date, b.date);
    return Math.round(a.miles + (span > 0 ? ((b.miles - a.miles) * daysBetween(a.date, date)) / span : 0));
  }
  const last = points[points.length - 1]!;
  const age = daysBetween(vehicle.firstRegistered, last.date);
  const perDay = last.miles > 0 && age > 180 ? last.miles / age : 8000 / 365;
  return Math.round(last.miles + perDay * daysBetween(last.date, date));
}

function testNumber(registration: string, date: string): string {
  return String(100_000_000_000 + (stableHash(`${registration}:${date}:number`) % 900_000_000_000));
}

function reading(
  vehicle: SeededVehicle,
  date: string,
  miles: number,
): Pick<DvsaMotTest, 'odometerValue' | 'odometerUnit'> {
  const isKm = stableHash(`${vehicle.registration}:${date}:unit`) % 12 === 0;
  return isKm
    ? { odometerValue: String(Math.round(miles * KM_PER_MILE)), odometerUnit: 'KM' }
    : { odometerValue: String(miles), odometerUnit: 'MI' };
}

/** The vehicle's MOT tests, newest first as the API lists them. */
export function motTestsFor(vehicle: SeededVehicle, today = SEED_TODAY): DvsaMotTest[] {
  const reg = vehicle.registration;
  const tests: DvsaMotTest[] = [];
  const contradicted = reg === CONTRADICTING_REGISTRATION ? vehicle.readings[2] : undefined;
  let hasContradicted = false;
  for (let year = 3; ; year += 1) {
    const due = addYears(vehicle.firstRegistered, year);
    const date = addDays(due, -(stableHash(`${reg}:${year}:early`) % 25));
    if (date > today) break;
    let miles = milesOn(vehicle, date);
    // The clocked reading is entered in miles, and a retest after it reads the same clocked odometer.
    let isContradiction = false;
    if (contradicted && !hasContradicted && date > contradicted.date) {
      miles = Math.round(contradicted.miles * 0.85);
      hasContradicted = true;
      isContradiction = true;
    }
    const read = (day: string, value: number) =>
      isContradiction ? { odometerValue: String(value), odometerUnit: 'MI' as const } : reading(vehicle, day, value);
    const roll = stableHash(`${reg}:${year}:result`);
    const completed = (day: string) =>
      `${day}T${String(9 + (roll % 8)).padStart(2, '0')}:${String(roll % 60).padStart(2, '0')}:00.000Z`;
    const expiryDate = addDays(addYears(due, 1), -1);
    if (roll % 5 === 0) {
      const isDangerous = roll % 3 === 0;
      const defects: DvsaDefect[] = [{ text: MAJORS[roll % MAJORS.length]!, type: 'MAJOR', dangerous: false }];
      if (isDangerous) defects.push({ text: DANGEROUS[roll % DANGEROUS.length]!, type: 'DANGEROUS', dangerous: true });
      defects.push({ text: ADVISORIES[(roll >>> 3) % ADVISORIES.length]!, type: 'ADVISORY', dangerous: false });
      tests.push({
        completedDate: completed(date),
        testResult: 'FAILED',
        ...read(date, miles),
        odometerResultType: 'READ',
        motTestNumber: testNumber(reg, date),
        dataSource: 'DVSA',
        defects,
      });
      const retest = addDays(date, 2 + (roll % 8));
      if (retest > today) continue;
      tests.push({
        completedDate: completed(retest),
        testResult: 'PASSED',
        expiryDate,
        ...read(retest, isContradiction ? miles + 12 : Math.max(miles + 12, milesOn(vehicle, retest))),
        odometerResultType: 'READ',
        motTestNumber: testNumber(reg, retest),
        dataSource: 'DVSA',
        defects: [],
      });
      continue;
    }
    const defects: DvsaDefect[] =
      roll % 3 === 0 ? [{ text: ADVISORIES[roll % ADVISORIES.length]!, type: 'ADVISORY', dangerous: false }] : [];
    tests.push({
      completedDate: completed(date),
      testResult: 'PASSED',
      expiryDate,
      ...read(date, miles),
      odometerResultType: 'READ',
      motTestNumber: testNumber(reg, date),
      dataSource: 'DVSA',
      defects,
    });
  }
  return tests.reverse();
}

/** Whether the vehicle has a manufacturer's recall outstanding (about one in thirty). */
export function hasOutstandingRecall(vehicle: SeededVehicle): boolean {
  return stableHash(`${vehicle.registration}:recall`) % 30 === 0;
}

/** The date the first MOT is due: three years after first registration. */
export function firstMotDue(vehicle: SeededVehicle): string {
  return addDays(addYears(vehicle.firstRegistered, 3), -1);
}
