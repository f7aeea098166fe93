// Deterministic generator of the demo data files under data/:
//   data/seed/garages.json, data/seed/vehicles.json, data/seed/README.md,
//   data/companies-house/companies.json, data/companies-house/README.md.
// Run from the repository root with `npx tsx scripts/generate-seed-data.ts`.
// Every random choice comes from one seeded PRNG (mulberry32) and "today" is fixed,
// so two runs produce byte-identical files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_CATEGORIES } from '../packages/shared/src/contract/categories.js';
import type { SeedGarage, SeedRecord, SeedSubscriptionStatus, SeedVehicle } from '@sh/shared/seed-data';

// ---------------------------------------------------------------------------
// Fixed parameters
// ---------------------------------------------------------------------------

const SEED = 0x5eed2026;
const TODAY = '2026-11-20';
const VEHICLE_COUNT = 320;
const MAX_RECORDS_PER_VEHICLE = 12;
const CLOCKED_VEHICLE_COUNT = 3;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = join(ROOT, 'data', 'seed');
const COMPANIES_DIR = join(ROOT, 'data', 'companies-house');

// ---------------------------------------------------------------------------
// Output shapes
// ---------------------------------------------------------------------------

type TSubscriptionStatus = SeedSubscriptionStatus;
type ISeedGarage = SeedGarage;
type ISeedRecord = SeedRecord;
type ISeedVehicle = SeedVehicle;

interface ICompanyProfile {
  company_number: string;
  company_name: string;
  company_status: 'active' | 'dissolved';
  type: 'ltd';
  date_of_creation: string;
  date_of_cessation?: string;
  registered_office_address: {
    address_line_1: string;
    locality: string;
    postal_code: string;
    country: 'England' | 'Scotland' | 'Wales';
  };
  sic_codes: string[];
}

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(SEED);

/** Integer in [min, max], both inclusive. */
function randInt(min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function randFloat(min: number, max: number): number {
  return min + random() * (max - min);
}

function chance(probability: number): boolean {
  return random() < probability;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range (length ${items.length})`);
  return item;
}

function pick<T>(items: readonly T[]): T {
  return at(items, Math.floor(random() * items.length));
}

function pickWeighted<T>(items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= weight(item);
    if (roll < 0) return item;
  }
  return at(items, items.length - 1);
}

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet.charAt(Math.floor(random() * alphabet.length));
  return out;
}

/** A UUID v4-shaped string (version nibble 4, RFC 4122 variant) drawn from the seeded PRNG. */
function uuid(): string {
  const hex = randomString('0123456789abcdef', 32).split('');
  hex[12] = '4';
  hex[16] = at(['8', '9', 'a', 'b'], randInt(0, 3));
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Draws values from `make` until one is not in `used`, then records it. */
function unique(used: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
  throw new Error('could not draw a unique value');
}

// ---------------------------------------------------------------------------
// Dates (all UTC, as YYYY-MM-DD strings)
// ---------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function toMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) throw new Error(`bad date ${date}`);
  return Date.UTC(y, m - 1, d);
}

function fromMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return fromMs(toMs(date) + days * DAY_MS);
}

function addYears(date: string, years: number): string {
  const d = new Date(toMs(date));
  return fromMs(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
}

function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

function randomDateBetween(from: string, to: string): string {
  return addDays(from, randInt(0, Math.max(0, daysBetween(from, to))));
}

/** An ISO timestamp on `date` during working hours. */
function workingTimestamp(date: string): string {
  const ms = toMs(date) + randInt(8 * 3600, 17 * 3600) * 1000;
  return new Date(ms).toISOString();
}

function monthYear(date: string): string {
  return `${at(MONTH_NAMES, monthOf(date) - 1)} ${yearOf(date)}`;
}

/** 12345 -> "12,345", without locale-dependent formatting. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// ---------------------------------------------------------------------------
// Service catalogue
// ---------------------------------------------------------------------------

type TServiceItem = (typeof SERVICE_CATEGORIES)[number]['items'][number];

const CATALOGUE_ORDER: readonly string[] = SERVICE_CATEGORIES.flatMap((category) => [...category.items]);

/** Joins service items the way the add-record checklist does: catalogue order, ", " between. */
function serviceType(items: Iterable<TServiceItem>): string {
  const chosen = [...new Set(items)];
  chosen.sort((a, b) => CATALOGUE_ORDER.indexOf(a) - CATALOGUE_ORDER.indexOf(b));
  return chosen.join(', ');
}

// ---------------------------------------------------------------------------
// People, phones, e-mail
// ---------------------------------------------------------------------------

const FIRST_NAMES = [
  'James',
  'Oliver',
  'Jack',
  'Harry',
  'George',
  'Thomas',
  'William',
  'Daniel',
  'Matthew',
  'Ryan',
  'Liam',
  'Connor',
  'Callum',
  'Jamie',
  'Lewis',
  'Owen',
  'Rhys',
  'Dylan',
  'Ethan',
  'Mohammed',
  'Aaron',
  'Kieran',
  'Sam',
  'Joe',
  'Emma',
  'Olivia',
  'Sophie',
  'Charlotte',
  'Amelia',
  'Jessica',
  'Hannah',
  'Chloe',
  'Lucy',
  'Megan',
  'Rebecca',
  'Laura',
  'Sarah',
  'Emily',
  'Grace',
  'Isla',
  'Niamh',
  'Ffion',
  'Priya',
  'Aisha',
  'Zoe',
  'Rachel',
  'Helen',
  'Claire',
] as const;

const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'Hughes',
  'Edwards',
  'Campbell',
  'Stewart',
  'Murray',
  'Reid',
  'Morgan',
  'Price',
  'Turner',
  'Parker',
  'Cooper',
  'Harris',
  'Martin',
  'Ward',
  'Baker',
  'Bennett',
  'Shaw',
  'Fletcher',
  'Barnes',
  "O'Neill",
  'MacDonald',
  'Kaur',
] as const;

const TECHNICIAN_FIRST_NAMES = [
  'Dave',
  'Steve',
  'Mark',
  'Paul',
  'Gary',
  'Craig',
  'Lee',
  'Darren',
  'Stuart',
  'Gareth',
  'Wayne',
  'Neil',
  'Tom',
  'Josh',
  'Adam',
  'Ben',
  'Kyle',
  'Ross',
  'Ian',
  'Kevin',
  'Martin',
  'Shaun',
  'Jordan',
  'Rob',
  'Nathan',
  'Carl',
  'Dean',
  'Alan',
  'Sean',
  'Leanne',
] as const;

const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'outlook.com',
  'hotmail.co.uk',
  'hotmail.com',
  'yahoo.co.uk',
  'btinternet.com',
  'icloud.com',
  'sky.com',
  'live.co.uk',
  'virginmedia.com',
] as const;

function personName(firstNames: readonly string[] = FIRST_NAMES): { first: string; last: string } {
  return { first: pick(firstNames), last: pick(SURNAMES) };
}

function customerEmail(first: string, last: string): string {
  const f = first.toLowerCase().replace(/[^a-z]/g, '');
  const l = last.toLowerCase().replace(/[^a-z]/g, '');
  const local = pick([
    `${f}.${l}`,
    `${f}${l}`,
    `${f.charAt(0)}${l}`,
    `${f}.${l}${randInt(1, 99)}`,
    `${f}${l}${randInt(60, 99)}`,
    `${f.charAt(0)}.${l}${randInt(1, 9)}`,
  ]);
  return `${local}@${pick(EMAIL_DOMAINS)}`;
}

// Phone numbers come from Ofcom's ranges reserved for drama and fiction, so no real
// person or business is ever called: 07700 900xxx for mobiles, the city ranges below,
// and 01632 960xxx for towns without a city range (the garages' prefixes are in data/generator/garage-specs.json).
const MOBILE_PREFIX = '07700900';
const usedPhones = new Set<string>();

function phoneFrom(prefix: string): string {
  return unique(usedPhones, () => `${prefix}${randomString('0123456789', 11 - prefix.length)}`);
}

// ---------------------------------------------------------------------------
// Garages
// ---------------------------------------------------------------------------

type TCountry = 'England' | 'Scotland' | 'Wales';

interface IGarageSpec {
  name: string;
  domain: string;
  mailbox: string;
  line1: string;
  town: string;
  postcode: string;
  country: TCountry;
  /** First letter of local DVLA memory tags (L London, S Scotland, C Wales, Y Yorkshire...). */
  areaLetter: string;
  phonePrefix: string;
  owner: string;
  incorporated: string;
  status: TSubscriptionStatus;
  /** Relative share of the vehicles that use this garage. */
  weight: number;
}

/** The 16 demo garages the generator builds from (data/generator/garage-specs.json). */
const GARAGE_SPECS: readonly IGarageSpec[] = JSON.parse(
  readFileSync(join(ROOT, 'data', 'generator', 'garage-specs.json'), 'utf8'),
) as IGarageSpec[];

/** The canceled garage stopped adding records on this date; its older records stay visible. */
const CANCELED_GARAGE_LAST_RECORD = '2026-05-29';

/** Unsigned UK garages that exist at Companies House only: for signup demos and tests. */
interface IUnsignedCompanySpec {
  name: string;
  line1: string;
  town: string;
  postcode: string;
  country: TCountry;
  incorporated: string;
  dissolved?: string;
  lookAlikeOf?: string;
}

const UNSIGNED_COMPANY_SPECS: readonly IUnsignedCompanySpec[] = [
  {
    name: 'HARTLEY MOTOR SERVICES LIMITED',
    line1: '4 North Road',
    town: 'Ripon',
    postcode: 'HG4 1JP',
    country: 'England',
    incorporated: '2018-06-11',
    lookAlikeOf: 'HARTLEY MOTORS LTD',
  },
  {
    name: 'BRIDGEND AUTO REPAIRS LTD',
    line1: 'Unit 9, Waterton Industrial Estate',
    town: 'Bridgend',
    postcode: 'CF31 3YN',
    country: 'Wales',
    incorporated: '2012-03-08',
  },
  {
    name: 'KELVINSIDE GARAGE LTD',
    line1: '17 Otago Lane',
    town: 'Glasgow',
    postcode: 'G12 8PB',
    country: 'Scotland',
    incorporated: '2007-09-26',
  },
  {
    name: 'WELLAND VALLEY MOTORS LTD',
    line1: '32 Northampton Road',
    town: 'Market Harborough',
    postcode: 'LE16 9HE',
    country: 'England',
    incorporated: '2015-01-19',
  },
  {
    name: 'PENNINE AUTO CENTRE LTD',
    line1: '150 Leeds Road',
    town: 'Huddersfield',
    postcode: 'HD1 6PW',
    country: 'England',
    incorporated: '2010-10-04',
  },
  {
    name: 'CLENT HILLS GARAGE LTD',
    line1: '71 Hagley Road',
    town: 'Stourbridge',
    postcode: 'DY8 1QZ',
    country: 'England',
    incorporated: '2004-02-23',
  },
  {
    name: 'BRUNEL MOTOR ENGINEERS LTD',
    line1: '12 Feeder Road',
    town: 'Bristol',
    postcode: 'BS2 0SB',
    country: 'England',
    incorporated: '2020-08-17',
  },
  {
    name: 'FORTH BRIDGE AUTOS LTD',
    line1: '6 Builyeon Road',
    town: 'South Queensferry',
    postcode: 'EH30 9YJ',
    country: 'Scotland',
    incorporated: '2016-05-09',
  },
  {
    name: 'GOWER MOTOR SERVICES LTD',
    line1: 'Unit 3, Kingsbridge Business Park',
    town: 'Swansea',
    postcode: 'SA4 4BL',
    country: 'Wales',
    incorporated: '2013-12-02',
  },
  {
    name: 'LAVENDER HILL GARAGE LTD',
    line1: '210 Lavender Hill',
    town: 'London',
    postcode: 'SW11 1JG',
    country: 'England',
    incorporated: '2002-04-15',
    dissolved: '2023-03-14',
  },
  {
    name: 'BLACKWATER TYRE & SERVICE LTD',
    line1: '40 London Road',
    town: 'Camberley',
    postcode: 'GU15 3UA',
    country: 'England',
    incorporated: '2021-04-28',
  },
  {
    name: 'EDEN VALLEY MOTORS LTD',
    line1: 'Gilwilly Road',
    town: 'Penrith',
    postcode: 'CA11 9BN',
    country: 'England',
    incorporated: '2009-07-13',
  },
];

/** Company numbers grew over time; this maps an incorporation year to a realistic 8-digit number. */
const COMPANY_NUMBER_ANCHORS: readonly [number, number][] = [
  [1995, 3_000_000],
  [2000, 3_900_000],
  [2005, 5_400_000],
  [2010, 7_100_000],
  [2015, 9_350_000],
  [2018, 11_100_000],
  [2020, 12_400_000],
  [2022, 13_900_000],
  [2024, 15_400_000],
];
const usedCompanyNumbers = new Set<string>();

function companyNumber(incorporated: string): string {
  const year = yearOf(incorporated) + (monthOf(incorporated) - 1) / 12;
  let base = at(COMPANY_NUMBER_ANCHORS, 0)[1];
  for (let i = 0; i < COMPANY_NUMBER_ANCHORS.length - 1; i += 1) {
    const [y0, n0] = at(COMPANY_NUMBER_ANCHORS, i);
    const [y1, n1] = at(COMPANY_NUMBER_ANCHORS, i + 1);
    if (year >= y0 && year <= y1) base = n0 + ((year - y0) / (y1 - y0)) * (n1 - n0);
  }
  return unique(usedCompanyNumbers, () => String(Math.round(base) + randInt(-40_000, 40_000)).padStart(8, '0'));
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ23456789';
const usedReferralCodes = new Set<string>();

interface IGarageInternal {
  spec: IGarageSpec;
  garage: ISeedGarage;
  company: ICompanyProfile;
  technicians: string[];
  emailCapture: number;
  phoneCapture: number;
  notesRate: number;
}

function buildGarages(): IGarageInternal[] {
  const built = GARAGE_SPECS.map((spec): IGarageInternal => {
    let createdDate: string;
    if (spec.status === 'trialing') createdDate = randomDateBetween(addDays(TODAY, -13), addDays(TODAY, -1));
    else if (spec.status === 'canceled') createdDate = randomDateBetween('2024-02-01', '2024-09-30');
    else if (spec.status === 'past_due') createdDate = randomDateBetween('2025-01-01', '2025-08-31');
    else createdDate = randomDateBetween('2024-01-15', '2026-09-30');
    const number = companyNumber(spec.incorporated);
    const address = `${spec.line1}, ${spec.town}, ${spec.postcode}`;
    const technicians: string[] = [];
    const technicianCount = randInt(2, 4);
    while (technicians.length < technicianCount) {
      const { first, last } = personName(TECHNICIAN_FIRST_NAMES);
      const name = `${first} ${last}`;
      if (!technicians.includes(name)) technicians.push(name);
    }
    return {
      spec,
      technicians,
      emailCapture: randFloat(0.25, 0.85),
      phoneCapture: randFloat(0.35, 0.9),
      notesRate: randFloat(0.6, 0.9),
      garage: {
        id: uuid(),
        name: spec.name,
        address,
        email: `${spec.mailbox}@${spec.domain}`,
        phone: phoneFrom(spec.phonePrefix),
        companies_house_number: number,
        full_name: spec.owner,
        referral_code: unique(usedReferralCodes, () => `GAR-${randomString(REFERRAL_ALPHABET, 8)}`),
        referred_by: null,
        created_at: workingTimestamp(createdDate),
        subscription_status: spec.status,
      },
      company: companyProfileOf(spec, { number, name: spec.name.toUpperCase(), status: 'active' }),
    };
  });

  // Four garages joined through another garage's referral code: both trial garages and two
  // active ones. The referrer is always a garage that signed up earlier and is not canceled.
  const byAge = [...built].sort((a, b) => a.garage.created_at.localeCompare(b.garage.created_at));
  const referred = [
    ...built.filter((g) => g.spec.status === 'trialing'),
    ...byAge
      .filter((g) => g.spec.status === 'active')
      .slice(-6)
      .filter((_, i) => i === 1 || i === 4),
  ];
  for (const g of referred) {
    const candidates = built.filter(
      (r) => r !== g && r.garage.created_at < g.garage.created_at && r.spec.status !== 'canceled',
    );
    g.garage.referred_by = pick(candidates).garage.id;
  }
  return built;
}

/** A motor-repair company's Companies House profile, registered at the spec's address. */
function companyProfileOf(
  spec: { incorporated: string; line1: string; town: string; postcode: string; country: TCountry },
  company: { number: string; name: string; status: ICompanyProfile['company_status'] },
): ICompanyProfile {
  return {
    company_number: company.number,
    company_name: company.name,
    company_status: company.status,
    type: 'ltd',
    date_of_creation: spec.incorporated,
    registered_office_address: {
      address_line_1: spec.line1.replace(',', ''),
      locality: spec.town,
      postal_code: spec.postcode,
      country: spec.country,
    },
    sic_codes: ['45200'],
  };
}

function buildUnsignedCompanies(): ICompanyProfile[] {
  return UNSIGNED_COMPANY_SPECS.map((spec): ICompanyProfile => {
    const profile = companyProfileOf(spec, {
      number: companyNumber(spec.incorporated),
      name: spec.name,
      status: spec.dissolved ? 'dissolved' : 'active',
    });
    if (spec.dissolved) profile.date_of_cessation = spec.dissolved;
    return profile;
  });
}

// ---------------------------------------------------------------------------
// Vehicles: makes, models, registrations, VINs
// ---------------------------------------------------------------------------

interface IModelSpec {
  make: string;
  model: string;
  /** World manufacturer identifier: the first three VIN characters. */
  wmi: string;
  plant: string;
  from: number;
  to: number;
  weight: number;
  ev?: boolean;
  tyre: string;
}

/** The makes and models the demo vehicles are drawn from (data/generator/models.json). */
const MODELS: readonly IModelSpec[] = JSON.parse(
  readFileSync(join(ROOT, 'data', 'generator', 'models.json'), 'utf8'),
) as IModelSpec[];

/** Relative number of today's cars first registered in each year. */
const YEAR_WEIGHTS: Readonly<Record<number, number>> = {
  2008: 2,
  2009: 2,
  2010: 3,
  2011: 3,
  2012: 4,
  2013: 5,
  2014: 6,
  2015: 7,
  2016: 7,
  2017: 7,
  2018: 7,
  2019: 7,
  2020: 5,
  2021: 5,
  2022: 5,
  2023: 5,
  2024: 4,
  2025: 4,
  2026: 3,
};
/** March and September, when the age identifier changes, are the busiest months. */
const MONTH_WEIGHTS = [5, 3, 14, 7, 7, 8, 6, 4, 12, 7, 6, 5] as const;

// Current-style plates: two-letter memory tag (no I, Q or Z), two-digit age identifier,
// three random letters (no I or Q).
const MEMORY_TAG_FIRST = 'ABCDEFGHKLMNOPRSVWY';
const MEMORY_TAG_SECOND = 'ABCDEFGHJKLMNOPRSTUVWXY';
const RANDOM_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const WITHHELD_SERIES = new Set(['ASS', 'BUM', 'FAT', 'FUK', 'GOD', 'KKK', 'NOB', 'POO', 'SEX', 'SOD', 'TWT', 'WTF']);
const usedRegistrations = new Set<string>();

/** The age identifier of a first-registration date: Mar-Aug is YY, Sep-Feb is YY+50 (Jan-Feb use the previous year). */
function ageIdentifier(firstRegistered: string): string {
  const year = yearOf(firstRegistered);
  const month = monthOf(firstRegistered);
  if (month >= 3 && month <= 8) return String(year % 100).padStart(2, '0');
  if (month >= 9) return String((year % 100) + 50);
  return String(((year - 1) % 100) + 50);
}

function registration(firstRegistered: string, areaLetter: string): string {
  const age = ageIdentifier(firstRegistered);
  return unique(usedRegistrations, () => {
    const first = chance(0.7) ? areaLetter : pick(MEMORY_TAG_FIRST.split(''));
    let series = randomString(RANDOM_LETTERS, 3);
    while (WITHHELD_SERIES.has(series)) series = randomString(RANDOM_LETTERS, 3);
    return `${first}${pick(MEMORY_TAG_SECOND.split(''))}${age}${series}`;
  });
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const usedVins = new Set<string>();

function modelYearCode(year: number): string {
  return MODEL_YEAR_CODES.charAt((year - 2010 + 30) % 30);
}

/** A small stable hash, so every car of one model shares the start of its VIN's descriptor section. */
function stableChars(text: string, length: number): string {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out += VIN_CHARS.charAt(h % VIN_CHARS.length);
    h = Math.floor(h / VIN_CHARS.length) + 7919 * (i + 1);
  }
  return out;
}

function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const c = vin.charAt(i);
    const value = /\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0);
    sum += value * at(VIN_WEIGHTS, i);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function vin(spec: IModelSpec, year: number): string {
  return unique(usedVins, () => {
    const draft =
      `${spec.wmi}${stableChars(spec.make + spec.model, 3)}${randomString(VIN_CHARS, 2)}0` +
      `${modelYearCode(year)}${spec.plant}${randomString('0123456789', 6)}`;
    return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  });
}

// ---------------------------------------------------------------------------
// Service visits
// ---------------------------------------------------------------------------

interface IVisitContext {
  date: string;
  ageYears: number;
  milesEstimate: number;
  ev: boolean;
}

interface IExtraJob {
  weight: number;
  when: (c: IVisitContext) => boolean;
  items: (c: IVisitContext) => TServiceItem[];
}

const EXTRA_JOBS: readonly IExtraJob[] = [
  {
    weight: 10,
    when: () => true,
    items: () => ['Tyre Replacement', ...(chance(0.4) ? (['Wheel Alignment'] as const) : [])],
  },
  {
    weight: 7,
    when: (c) => c.ageYears >= 2,
    items: () => (chance(0.4) ? ['Brake Pad Replacement', 'Brake Disc Replacement'] : ['Brake Pad Replacement']),
  },
  { weight: 2, when: (c) => c.ageYears >= 3, items: () => ['Brake Replacement'] },
  { weight: 5, when: (c) => c.ageYears >= 4, items: () => ['Battery Replacement'] },
  {
    weight: 8,
    when: (c) => c.ageYears >= 3,
    items: () => [
      'MOT Test',
      ...(chance(0.3) ? (['Bulb Replacement'] as const) : []),
      ...(chance(0.2) ? (['Wiper Blade Replacement'] as const) : []),
    ],
  },
  { weight: 3, when: (c) => c.ageYears >= 3, items: () => ['Pre-MOT Check'] },
  { weight: 4, when: (c) => !c.ev && c.milesEstimate > 15_000, items: () => ['Oil & Filter Change'] },
  { weight: 4, when: () => true, items: () => ['Air Conditioning Re-gas'] },
  { weight: 4, when: () => true, items: () => ['Puncture Repair'] },
  { weight: 2, when: () => true, items: () => ['Wheel Alignment', 'Wheel Balancing'] },
  { weight: 2, when: (c) => !c.ev && c.ageYears >= 5 && c.milesEstimate > 50_000, items: () => ['Clutch Replacement'] },
  { weight: 2, when: (c) => !c.ev && c.milesEstimate > 60_000, items: () => ['Cambelt & Water Pump'] },
  { weight: 2, when: (c) => !c.ev && c.ageYears >= 6, items: () => ['Exhaust Repair'] },
  {
    weight: 2,
    when: (c) => c.ageYears >= 6,
    items: () => (chance(0.5) ? ['Shock Absorber Replacement'] : ['Suspension Spring Replacement']),
  },
  { weight: 3, when: () => true, items: () => ['Engine Diagnostics', 'Fault Code Reading'] },
  { weight: 2, when: (c) => c.ageYears >= 3, items: () => ['Sensor Replacement', 'Fault Code Reading'] },
  {
    weight: 1,
    when: (c) => !c.ev && c.ageYears >= 7,
    items: () => [chance(0.5) ? 'Alternator Replacement' : 'Starter Motor Replacement'],
  },
  { weight: 1, when: (c) => c.ageYears >= 4, items: () => ['Electrical Fault Repair'] },
  { weight: 3, when: () => true, items: () => [chance(0.7) ? 'Windscreen Repair' : 'Windscreen Replacement'] },
  { weight: 3, when: (c) => monthOf(c.date) >= 10 || monthOf(c.date) <= 1, items: () => ['Winter Health Check'] },
  {
    weight: 2,
    when: () => true,
    items: () => [
      pick(['Dash Cam Installation', 'Parking Sensor Installation', 'Reversing Camera Installation'] as const),
    ],
  },
  { weight: 1, when: (c) => !c.ev, items: () => ['Tow Bar Fitting'] },
  {
    weight: 2,
    when: (c) => c.ageYears >= 2,
    items: () => [pick(['Alloy Wheel Refurbishment', 'Scratch Repair', 'Dent Repair', 'Bumper Repair'] as const)],
  },
  { weight: 1, when: (c) => c.ageYears >= 8, items: () => ['Rust Treatment'] },
  { weight: 1, when: () => true, items: () => ['Valeting'] },
  { weight: 1, when: (c) => c.ev, items: () => ['EV Charger Cable Supply'] },
  { weight: 1, when: (c) => !c.ev && c.ageYears >= 2, items: () => ['Remapping'] },
  { weight: 1, when: (c) => c.ageYears >= 5, items: () => ['Headlight Alignment', 'Bulb Replacement'] },
];

function annualItems(c: IVisitContext, full: boolean, visitIndex: number): TServiceItem[] {
  const items: TServiceItem[] = [full ? 'Full Service' : 'Interim Service'];
  if (c.ageYears >= 3 && chance(0.55)) items.push('MOT Test');
  if (full && visitIndex % 2 === 1 && chance(0.7)) items.push('Brake Fluid Change');
  if (full && !c.ev && chance(0.25)) items.push('Air Filter Replacement');
  if (full && !c.ev && c.ageYears >= 4 && chance(0.2)) items.push('Spark Plug Replacement');
  if (!c.ev && c.ageYears >= 5 && chance(0.05)) items.push('Fuel Filter Replacement');
  if (chance(0.2)) items.push('Cabin Filter Replacement');
  if (c.ageYears >= 5 && chance(0.07)) items.push('Coolant Flush');
  if (chance(0.12)) items.push('Wiper Blade Replacement');
  if (chance(0.06)) items.push('Air Conditioning Re-gas');
  if (c.ageYears >= 2 && chance(0.08)) items.push('Brake Pad Replacement');
  if (chance(0.06)) items.push('Tyre Replacement');
  return items;
}

// ---------------------------------------------------------------------------
// Technician notes
// ---------------------------------------------------------------------------

const ADVISORIES = [
  'nearside front tyre approaching legal limit',
  'offside rear tyre worn close to legal limit',
  'slight oil leak from sump gasket',
  'rear brake discs slightly corroded',
  'front anti-roll bar bush deteriorated',
  'minor exhaust blow at centre section',
  'windscreen chip outside zone A',
  'rear number plate lamp intermittent',
  'front suspension arm bush slightly worn',
] as const;

function noteFor(item: TServiceItem, c: IVisitContext, mileage: number, tyre: string): string | null {
  const nextDue = `Next service due ${monthYear(addYears(c.date, 1))} or ${thousands(Math.round((mileage + 10_000) / 1000) * 1000)} miles.`;
  const oil = pick(['5W-30 fully synthetic', '0W-20 fully synthetic', '5W-40', '0W-30 low SAPS']);
  switch (item) {
    case 'Full Service':
      if (c.ev)
        return pick([
          'Full EV service to manufacturer schedule: brakes, suspension, coolant and HV system checked.',
          'EV service completed, 12V battery tested, software up to date.',
        ]);
      return pick([
        `Full service to manufacturer schedule, ${oil} oil used. ${nextDue}`,
        'Full service completed, all fluids topped up, vehicle road tested with no faults found.',
        `Full service carried out. ${nextDue}`,
        'Full service completed. Customer waited.',
      ]);
    case 'Interim Service':
      if (c.ev) return 'Interim EV check: tyres, brakes, wipers and 12V battery inspected.';
      return pick([
        `Interim service, oil and filter changed (${oil}), tyres and lights checked.`,
        'Interim service carried out. Advised full service at next visit.',
        `Interim service done. ${nextDue}`,
      ]);
    case 'Oil & Filter Change':
      return pick([`Oil and filter changed, ${oil} used.`, 'Oil and filter change only, customer supplied own oil.']);
    case 'MOT Test':
      return pick([
        'MOT passed with no advisories.',
        `MOT passed. Advisory: ${pick(ADVISORIES)}.`,
        `MOT passed after retest; ${pick(['replaced headlamp bulb', 'replaced wiper blades', 'adjusted handbrake', 'replaced number plate bulb'])}.`,
        `MOT passed with advisories: ${pick(ADVISORIES)}; ${pick(ADVISORIES)}.`,
      ]);
    case 'Brake Pad Replacement':
      return pick([
        `Front pads worn to ${randInt(2, 3)}mm, replaced.`,
        'Rear pads replaced, sliders cleaned and greased.',
        'Front pads and wear sensor replaced.',
      ]);
    case 'Brake Disc Replacement':
      return 'Front discs lipped and scored, replaced along with pads.';
    case 'Brake Replacement':
      return pick([
        'Front discs and pads replaced, brake test OK.',
        'Rear shoes and drums replaced, handbrake adjusted.',
      ]);
    case 'Brake Fluid Change':
      return `Brake fluid tested at ${randInt(2, 4)}% moisture, fluid renewed.`;
    case 'Tyre Replacement':
      return pick([
        `2 x front tyres replaced (${tyre}).`,
        `Nearside rear tyre replaced (${tyre}), sidewall damage.`,
        `4 x tyres replaced (${tyre}).`,
      ]);
    case 'Battery Replacement':
      return c.ev
        ? '12V auxiliary battery failed test, replaced.'
        : pick([
            'Battery failed drop test, replaced and codes cleared.',
            'Car not starting in the cold; battery replaced, charging system OK.',
          ]);
    case 'Cambelt & Water Pump':
      return `Cambelt, tensioner and water pump replaced at ${thousands(mileage)} miles. Next due at ${thousands(mileage + 60_000)} miles.`;
    case 'Clutch Replacement':
      return 'Clutch slipping under load; clutch kit and release bearing fitted.';
    case 'Air Conditioning Re-gas':
      return 'Air con re-gassed and leak tested, vents blowing cold.';
    case 'Winter Health Check':
      return 'Winter check: antifreeze protects to -30C, battery healthy, tyres and wipers fine.';
    case 'Puncture Repair':
      return pick([
        'Screw in tread, puncture repaired.',
        'Nail in nearside rear tyre, repaired within the repairable zone.',
      ]);
    case 'Exhaust Repair':
      return 'Rear silencer blowing, replaced.';
    case 'Engine Diagnostics':
      return pick([
        'Engine management light on; misfire on cylinder 2 traced to coil pack, replaced.',
        'EML on: faulty EGR valve, cleaned and codes cleared.',
        'Diagnostics run, intermittent sensor fault, codes cleared and monitored.',
      ]);
    case 'Windscreen Repair':
      return 'Stone chip repaired, outside driver view.';
    case 'Windscreen Replacement':
      return 'Windscreen cracked across driver view, replaced and camera recalibrated.';
    case 'Pre-Purchase Inspection':
      return pick([
        'Pre-purchase inspection for prospective buyer; no major faults found.',
        'Pre-purchase inspection: service history checked, minor advisories only.',
      ]);
    case 'Wheel Alignment':
      return 'Tracking out on front axle, adjusted to spec.';
    case 'Pre-MOT Check':
      return 'Pre-MOT check, no issues found.';
    default:
      return null;
  }
}

function notesFor(items: readonly TServiceItem[], c: IVisitContext, mileage: number, tyre: string): string | null {
  const notes = items.map((item) => noteFor(item, c, mileage, tyre)).filter((n): n is string => n !== null);
  if (notes.length === 0) return chance(0.5) ? 'Work completed as requested.' : null;
  const kept = notes.slice(0, chance(0.4) ? 2 : 1);
  return kept.join(' ');
}

// ---------------------------------------------------------------------------
// Vehicle generation
// ---------------------------------------------------------------------------

interface IOwner {
  first: string;
  last: string;
  email: string;
  phone: string;
  /** Index into the vehicle's garages of the garage this owner uses. */
  garageSlot: number;
  milesPerYear: number;
}

interface IVisit {
  date: string;
  kind: 'annual' | 'extra' | 'purchase';
  /** Annual visits: a full service (else an interim one), and which anniversary it follows. */
  full: boolean;
  anniversary: number;
}

interface IVehicleInternal {
  vehicle: ISeedVehicle;
  ev: boolean;
  garageIds: string[];
}

const garagesForVehicles = buildGarages();
const canceledGarageId = garagesForVehicles.find((g) => g.spec.status === 'canceled')?.garage.id;

function pickFirstRegistered(): string {
  const years = Object.keys(YEAR_WEIGHTS).map(Number);
  const year = pickWeighted(years, (y) => YEAR_WEIGHTS[y] ?? 0);
  const months = MONTH_WEIGHTS.map((_, i) => i + 1).filter((m) => year < 2026 || m <= 9);
  const month = pickWeighted(months, (m) => at(MONTH_WEIGHTS, m - 1));
  return `${year}-${String(month).padStart(2, '0')}-${String(randInt(1, 28)).padStart(2, '0')}`;
}

function newOwner(slotCount: number, previous?: IOwner): IOwner {
  const { first, last } = personName();
  const slot = previous === undefined ? 0 : chance(0.5) ? previous.garageSlot : randInt(0, slotCount - 1);
  let phone: string;
  try {
    phone = phoneFrom(MOBILE_PREFIX);
  } catch {
    phone = `${MOBILE_PREFIX}${randomString('0123456789', 3)}`;
  }
  return {
    first,
    last,
    email: customerEmail(first, last),
    phone,
    garageSlot: slot,
    milesPerYear: randInt(6_000, 12_000),
  };
}

function buildVisits(firstRegistered: string): IVisit[] {
  const visits: IVisit[] = [];
  const keepProbability = randFloat(0.4, 0.9);
  const alternatesInterim = chance(0.4);
  for (let k = 1; ; k += 1) {
    const anniversary = addYears(firstRegistered, k);
    if (anniversary > TODAY) break;
    let date = addDays(anniversary, randInt(-40, 40));
    if (date > TODAY) date = TODAY;
    if (!chance(keepProbability)) continue;
    const full = alternatesInterim ? k % 2 === 0 : chance(0.75);
    visits.push({ date, kind: 'annual', full, anniversary: k });
  }
  const ageYears = daysBetween(firstRegistered, TODAY) / 365.25;
  for (let y = 0; y < Math.ceil(ageYears); y += 1) {
    if (!chance(0.22)) continue;
    const from = addDays(addYears(firstRegistered, y), 30);
    let to = addYears(firstRegistered, y + 1);
    if (to > TODAY) to = TODAY;
    if (from >= to) continue;
    visits.push({ date: randomDateBetween(from, to), kind: 'extra', full: false, anniversary: 0 });
  }
  if (visits.length === 0) {
    const from = addDays(firstRegistered, Math.min(60, Math.floor(daysBetween(firstRegistered, TODAY) / 2)));
    visits.push({ date: randomDateBetween(from, TODAY), kind: 'extra', full: false, anniversary: 0 });
  }
  visits.sort((a, b) => a.date.localeCompare(b.date));
  const deduped = visits.filter((v, i) => i === 0 || v.date !== visits[i - 1]?.date);
  return deduped.slice(-MAX_RECORDS_PER_VEHICLE);
}

function buildVehicle(): IVehicleInternal {
  const firstRegistered = pickFirstRegistered();
  const year = yearOf(firstRegistered);
  const spec = pickWeighted(
    MODELS.filter((m) => m.from <= year && m.to >= year),
    (m) => m.weight,
  );
  const ev = spec.ev === true;

  // One garage, or two (a second local garage, or the new owner's garage).
  const primary = pickWeighted(garagesForVehicles, (g) => g.spec.weight);
  const garages = [primary];
  if (chance(0.4) || primary.garage.id === canceledGarageId) {
    const others = garagesForVehicles.filter((g) => g !== primary && g.garage.id !== canceledGarageId);
    garages.push(pickWeighted(others, (g) => g.spec.weight));
  }

  const plate = registration(firstRegistered, primary.spec.areaLetter);
  const visits = buildVisits(firstRegistered);

  // Owners change now and then; a new owner sometimes starts with a pre-purchase inspection.
  const ownerChanges = new Set<number>();
  visits.forEach((v, i) => {
    if (i > 0 && chance(0.12)) {
      ownerChanges.add(i);
      if (v.kind === 'extra' && chance(0.5)) v.kind = 'purchase';
    }
  });

  let owner = newOwner(garages.length);
  let miles = randInt(5, 25);
  let previousDate = firstRegistered;
  const records: ISeedRecord[] = [];
  visits.forEach((visit, i) => {
    if (ownerChanges.has(i)) owner = newOwner(garages.length, owner);
    const days = daysBetween(previousDate, visit.date);
    miles += Math.max(5, Math.round((owner.milesPerYear * days * randFloat(0.8, 1.2)) / 365.25));
    previousDate = visit.date;
    const context: IVisitContext = {
      date: visit.date,
      ageYears: daysBetween(firstRegistered, visit.date) / 365.25,
      milesEstimate: miles,
      ev,
    };
    let items: TServiceItem[];
    if (visit.kind === 'purchase') items = ['Pre-Purchase Inspection'];
    else if (visit.kind === 'extra') {
      const job = pickWeighted(
        EXTRA_JOBS.filter((j) => j.when(context)),
        (j) => j.weight,
      );
      items = job.items(context);
    } else {
      items = annualItems(context, visit.full, visit.anniversary);
    }

    let slot = chance(0.85) ? owner.garageSlot : randInt(0, garages.length - 1);
    let garage = at(garages, slot);
    if (garage.garage.id === canceledGarageId && visit.date > CANCELED_GARAGE_LAST_RECORD) {
      slot = garages.findIndex((g) => g.garage.id !== canceledGarageId);
      garage = at(garages, slot);
    }
    records.push({
      id: uuid(),
      garage_id: garage.garage.id,
      service_date: visit.date,
      mileage: miles,
      service_type: serviceType(items),
      notes: chance(garage.notesRate) ? notesFor(items, context, miles, spec.tyre) : null,
      technician_name: chance(0.85) ? pick(garage.technicians) : null,
      customer_email: chance(garage.emailCapture) ? owner.email : null,
      customer_phone: chance(garage.phoneCapture) ? owner.phone : null,
    });
  });

  return {
    ev,
    garageIds: garages.map((g) => g.garage.id),
    vehicle: {
      registration: plate,
      vin: vin(spec, year),
      make: spec.make,
      model: spec.model,
      first_registered: firstRegistered,
      records,
    },
  };
}

/** Plants a clocked odometer: from one record on, the mileage restarts from a much lower reading. */
function plantMileageDrop(v: IVehicleInternal): void {
  const records = v.vehicle.records;
  const index = randInt(2, records.length - 2);
  const before = at(records, index - 1).mileage;
  const original = at(records, index).mileage;
  const lowered = Math.round(before * randFloat(0.45, 0.65));
  const offset = original - lowered;
  for (let i = index; i < records.length; i += 1) at(records, i).mileage -= offset;
  // The car changed hands: from the lower reading on, a new owner takes it to the vehicle's other garage.
  const otherId = v.garageIds.find((id) => id !== at(records, index - 1).garage_id && id !== canceledGarageId);
  const other = garagesForVehicles.find((g) => g.garage.id === otherId);
  const buyer = personName();
  const buyerEmail = customerEmail(buyer.first, buyer.last);
  const buyerPhone = phoneFrom(MOBILE_PREFIX);
  for (let i = index; i < records.length; i += 1) {
    const r = at(records, i);
    if (other !== undefined && r.garage_id !== other.garage.id) {
      r.garage_id = other.garage.id;
      if (r.technician_name !== null) r.technician_name = pick(other.technicians);
    }
    if (r.customer_email !== null) r.customer_email = buyerEmail;
    if (r.customer_phone !== null) r.customer_phone = buyerPhone;
  }
}

// ---------------------------------------------------------------------------
// Build everything
// ---------------------------------------------------------------------------

const built: IVehicleInternal[] = [];
for (let i = 0; i < VEHICLE_COUNT; i += 1) built.push(buildVehicle());

const clocked: IVehicleInternal[] = [];
const clockCandidates = built.filter(
  (v) =>
    !v.ev && v.vehicle.records.length >= 6 && v.garageIds.length === 2 && !v.garageIds.includes(canceledGarageId ?? ''),
);
while (clocked.length < CLOCKED_VEHICLE_COUNT) {
  const candidate = pick(clockCandidates);
  if (clocked.some((c) => c === candidate || c.vehicle.make === candidate.vehicle.make)) continue;
  plantMileageDrop(candidate);
  clocked.push(candidate);
}

const vehicles = built.map((b) => b.vehicle).sort((a, b) => a.registration.localeCompare(b.registration));
const garages = garagesForVehicles.map((g) => g.garage);
const unsignedCompanies = buildUnsignedCompanies();
const companies = [...garagesForVehicles.map((g) => g.company), ...unsignedCompanies];

// ---------------------------------------------------------------------------
// Self-checks: the generator refuses to write files that break the promised invariants
// ---------------------------------------------------------------------------

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(`seed data check failed: ${message}`);
}

function mileageDrops(v: ISeedVehicle): number {
  let drops = 0;
  v.records.forEach((r, i) => {
    const previous = v.records[i - 1];
    if (previous !== undefined && r.mileage <= previous.mileage) drops += 1;
  });
  return drops;
}

const garageIds = new Set(garages.map((g) => g.id));
assert(garages.length === 16 && garageIds.size === 16, '16 garages with unique ids');
assert(new Set(garages.map((g) => g.companies_house_number)).size === 16, 'unique company numbers of garages');
assert(new Set(companies.map((c) => c.company_number)).size === companies.length, 'unique company numbers');
assert(
  companies.every((c) => /^\d{8}$/.test(c.company_number)),
  'company numbers are 8 digits',
);
assert(
  garages.every((g) => /^0\d{10}$/.test(g.phone)),
  'garage phones are 11 digits starting 0',
);
assert(
  garages.every((g) => /^GAR-[A-Z0-9]{8}$/.test(g.referral_code)),
  'referral code shape',
);
assert(garages.filter((g) => g.referred_by !== null).length === 4, 'four referred garages');
assert(
  garages.every((g) => g.referred_by === null || (garageIds.has(g.referred_by) && g.referred_by !== g.id)),
  'referrers exist',
);
assert(vehicles.length === VEHICLE_COUNT, 'vehicle count');
assert(new Set(vehicles.map((v) => v.registration)).size === VEHICLE_COUNT, 'unique registrations');
assert(new Set(vehicles.map((v) => v.vin)).size === VEHICLE_COUNT, 'unique VINs');
assert(
  vehicles.every((v) => /^[A-Z]{2}\d{2}[A-Z]{3}$/.test(v.registration)),
  'plate format',
);
assert(
  vehicles.every((v) => v.registration.slice(2, 4) === ageIdentifier(v.first_registered)),
  'age identifiers',
);
assert(
  vehicles.every((v) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v.vin)),
  'VIN format',
);
const recordIds = new Set<string>();
for (const v of vehicles) {
  assert(v.records.length >= 1 && v.records.length <= MAX_RECORDS_PER_VEHICLE, `record count of ${v.registration}`);
  v.records.forEach((r, i) => {
    recordIds.add(r.id);
    assert(garageIds.has(r.garage_id), `garage of record ${r.id}`);
    assert(r.service_date > v.first_registered && r.service_date <= TODAY, `date of record ${r.id}`);
    const previous = v.records[i - 1];
    assert(previous === undefined || previous.service_date < r.service_date, `date order of ${v.registration}`);
    assert(
      r.service_type.split(', ').every((item) => CATALOGUE_ORDER.includes(item)),
      `service type of ${r.id}`,
    );
    assert(r.customer_phone === null || /^0\d{10}$/.test(r.customer_phone), `customer phone of ${r.id}`);
    if (r.garage_id === canceledGarageId)
      assert(r.service_date <= CANCELED_GARAGE_LAST_RECORD, 'canceled garage cutoff');
  });
}
const recordCount = vehicles.reduce((sum, v) => sum + v.records.length, 0);
assert(recordIds.size === recordCount, 'unique record ids');
const dropped = vehicles.filter((v) => mileageDrops(v) > 0);
assert(
  dropped.length === CLOCKED_VEHICLE_COUNT && dropped.every((v) => mileageDrops(v) === 1),
  'exactly three planted mileage drops',
);

// ---------------------------------------------------------------------------
// READMEs
// ---------------------------------------------------------------------------

const garageName = new Map(garages.map((g) => [g.id, g.name]));

function describe(v: ISeedVehicle): string {
  const count = v.records.length;
  return `\`${v.registration}\` | ${v.make} ${v.model} | ${v.first_registered} | ${count} record${count === 1 ? '' : 's'}`;
}

function dropDetail(v: ISeedVehicle): string {
  const i = v.records.findIndex((r, j) => j > 0 && r.mileage <= at(v.records, j - 1).mileage);
  const before = at(v.records, i - 1);
  const after = at(v.records, i);
  return (
    `${thousands(before.mileage)} miles on ${before.service_date} (${garageName.get(before.garage_id) ?? '?'}), ` +
    `then ${thousands(after.mileage)} miles on ${after.service_date} (${garageName.get(after.garage_id) ?? '?'})`
  );
}

const byRecords = [...vehicles].sort(
  (a, b) => b.records.length - a.records.length || a.registration.localeCompare(b.registration),
);
const clockedRegs = new Set(clocked.map((c) => c.vehicle.registration));
const ordinary = (v: ISeedVehicle): boolean => !clockedRegs.has(v.registration);
const busiest = at(byRecords.filter(ordinary), 0);
const single = at(
  vehicles.filter((v) => ordinary(v) && v.records.length === 1 && v.first_registered < '2025-01-01'),
  0,
);
const evWithHistory = at(
  byRecords.filter((v) => ordinary(v) && built.find((b) => b.vehicle === v)?.ev === true && v.records.length >= 3),
  0,
);
const withCanceledGarage = at(
  byRecords.filter(
    (v) =>
      ordinary(v) &&
      v.records.some((r) => r.garage_id === canceledGarageId) &&
      v.records.some((r) => r.garage_id !== canceledGarageId),
  ),
  0,
);
const twoGarages = at(
  byRecords.filter(
    (v) =>
      ordinary(v) &&
      v !== busiest &&
      v !== withCanceledGarage &&
      v.make !== evWithHistory.make &&
      new Set(v.records.map((r) => r.garage_id)).size === 2 &&
      !v.records.some((r) => r.garage_id === canceledGarageId) &&
      v.records.length >= 4 &&
      v.records.length <= 7,
  ),
  0,
);
const suggestions: [ISeedVehicle, string][] = [
  [busiest, 'the longest history (12 records, annual services, MOTs and repairs)'],
  [single, `a single record (${at(single.records, 0).service_type})`],
  ...clocked.map((c): [ISeedVehicle, string] => [
    c.vehicle,
    `mileage drop (a reading lower than an earlier one): ${dropDetail(c.vehicle)}`,
  ]),
  [evWithHistory, 'an electric car: no oil, spark plug or cambelt work'],
  [
    withCanceledGarage,
    `serviced partly at ${garageName.get(canceledGarageId ?? '') ?? '?'} (subscription canceled; its records stay visible)`,
  ],
  [
    twoGarages,
    `serviced at two garages (${[...new Set(twoGarages.records.map((r) => garageName.get(r.garage_id) ?? '?'))].join(' and ')})`,
  ],
];

const statusCounts = (['active', 'trialing', 'past_due', 'canceled'] as const)
  .map((s) => `${garages.filter((g) => g.subscription_status === s).length} ${s}`)
  .join(', ');

const seedReadme = `# Seed data

Generated by \`scripts/generate-seed-data.ts\`; do not edit by hand. Regenerate from the repository root with:

\`\`\`sh
npx tsx scripts/generate-seed-data.ts
\`\`\`

The generator uses a seeded PRNG (mulberry32, seed \`0x${SEED.toString(16)}\`) and a fixed "today" of ${TODAY}, so every run
writes byte-identical files. It checks its own output (unique ids, registrations and VINs, plate format, date order,
mileage) and refuses to write files that break those rules.

## Files

- \`garages.json\`: ${garages.length} garages (${statusCounts}); 4 joined through another garage's referral code.
  Each garage's company is also in \`../companies-house/companies.json\`.
- \`vehicles.json\`: ${vehicles.length} vehicles, sorted by registration, with ${recordCount} service records in date order
  (1 to ${MAX_RECORDS_PER_VEHICLE} per vehicle; older vehicles have more).

## Registrations worth trying

| Registration | Vehicle | First registered | Records | Why |
|---|---|---|---|---|
${suggestions.map(([v, why]) => `| ${describe(v)} | ${why} |`).join('\n')}

Exactly ${CLOCKED_VEHICLE_COUNT} vehicles have a mileage drop (a later record with a lower mileage than the one before);
every other vehicle's mileage rises from record to record.

## Notes

- Plates are current-style (\`AB12CDE\`, stored without spaces). The age identifier follows the first registration date:
  March to August gives the year (\`19\` for 2019), September to February gives year + 50 (\`69\` for September 2019 to
  February 2020). The first letter is usually the area letter of the vehicle's main garage (S Scotland, C Wales, ...).
- VINs start with a real manufacturer identifier for the make and carry a valid check digit in position 9.
- Phone numbers are in Ofcom's ranges reserved for drama (07700 900xxx, 01632 960xxx and the city ranges such as
  0161 496 0xxx), so none of them reaches a real line.
- Service histories go back before the garages' \`created_at\` (history imported when a garage joined). The canceled
  garage has no records after ${CANCELED_GARAGE_LAST_RECORD}.
- \`service_type\` joins catalogue item names (packages/shared/src/contract/categories.ts) with ", " in catalogue order.
`;

const lookAlike = UNSIGNED_COMPANY_SPECS.find((s) => s.lookAlikeOf !== undefined);
const companiesReadme = `# Companies House fixtures

Generated by \`scripts/generate-seed-data.ts\` (\`npx tsx scripts/generate-seed-data.ts\`); do not edit by hand.

\`companies.json\` holds company profiles for a local fake of the Companies House API \`GET /company/{number}\`, shaped
like the real API's profile (\`company_number\`, \`company_name\` in upper case, \`company_status\`, \`type\`,
\`date_of_creation\`, \`registered_office_address\`, \`sic_codes\`; a dissolved company also has \`date_of_cessation\`).
SIC 45200 is "Maintenance and repair of motor vehicles".

It contains ${companies.length} companies: the ${garages.length} seeded garages (already signed up, see
\`../seed/garages.json\`) and ${unsignedCompanies.length} garages that have not signed up yet.

## Not yet signed up (for signup demos and tests)

| Company number | Company name | Status | Note |
|---|---|---|---|
${unsignedCompanies
  .map((c) => {
    const spec = UNSIGNED_COMPANY_SPECS.find((s) => s.name === c.company_name);
    const note = spec?.dissolved
      ? `dissolved on ${spec.dissolved}: validation should refuse it`
      : spec?.lookAlikeOf
        ? `look-alike of the seeded ${spec.lookAlikeOf}`
        : '';
    return `| \`${c.company_number}\` | ${c.company_name} | ${c.company_status} | ${note} |`;
  })
  .join('\n')}

- Dissolved: ${unsignedCompanies.find((c) => c.company_status === 'dissolved')?.company_name ?? '?'}.
- Look-alike: ${lookAlike?.name ?? '?'} (\`${unsignedCompanies.find((c) => c.company_name === lookAlike?.name)?.company_number ?? '?'}\`) is a different
  company from the seeded ${lookAlike?.lookAlikeOf ?? '?'} (\`${companies.find((c) => c.company_name === lookAlike?.lookAlikeOf)?.company_number ?? '?'}\`):
  use it to test that a company number is validated against the right name.

Company numbers are 8 digits, roughly in line with the incorporation date (Scottish companies really carry an
\`SC\` prefix; here every number is 8 digits to match the signup form).
`;

// ---------------------------------------------------------------------------
// Write
// ---------------------------------------------------------------------------

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

mkdirSync(SEED_DIR, { recursive: true });
mkdirSync(COMPANIES_DIR, { recursive: true });
writeJson(join(SEED_DIR, 'garages.json'), garages);
writeJson(join(SEED_DIR, 'vehicles.json'), vehicles);
writeFileSync(join(SEED_DIR, 'README.md'), seedReadme);
writeJson(join(COMPANIES_DIR, 'companies.json'), companies);
writeFileSync(join(COMPANIES_DIR, 'README.md'), companiesReadme);

console.log(
  `Wrote ${garages.length} garages, ${vehicles.length} vehicles (${recordCount} records) and ${companies.length} companies to data/.`,
);
