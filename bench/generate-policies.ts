import { sql } from 'drizzle-orm';
import { foldForSearch } from '@portal/domain';
import type { Db } from '../apps/api/src/db/client';
import {
  banks,
  colonies,
  companies,
  femaleFirstNames,
  maleFirstNames,
  ownerCompanies,
  professions,
  realEstateAgencies,
  surnames,
  vehicleColors,
  vehicles,
} from '../apps/api/src/demo/demo-data';

/**
 * The benchmark's data: `count` whole policies in one branch, written by a handful of set-based
 * statements (INSERT … SELECT over generate_series) in one transaction, instead of `count` calls
 * of the service. The columns hold what the service would write for the same policy:
 *
 * - investigation_id is `INV-ddMMyyyy-HHmm-NNN` of created_at in Mexico City time, unique: the
 *   policies are spread over two years, one every few minutes, and consecutive policies draw
 *   different NNN (g × 7919 mod 1000).
 * - tenant_names, guarantor_names, owner_name and the address columns summarise the children,
 *   which are inserted from those very columns.
 * - search_text is `policySearchText` (@portal/domain) of the row, spelled in SQL here so the
 *   generator stays set-based; policies.test.ts checks every row against that one function. Each
 *   name is built from parts whose folded form (`foldForSearch`) is computed here in TypeScript,
 *   so the SQL only joins and lower-cases ASCII.
 *
 * Names are drawn with Mexican frequencies (García and Hernández often, Xolalpa rarely) and
 * statuses follow the policy's age (recent ones in investigation, a year-old one expiring), so the
 * searches meet realistic selectivities. Everything derives from hashes of the row number:
 * the same count and `now` give the same data.
 */

export interface GenerateOptions {
  branchId: number;
  /** The user recorded as the policies' author (and in their history). */
  userId: number;
  count: number;
  /** The newest policy is this recent; the oldest two years older. */
  now?: Date;
}

export interface GenerateResult {
  policies: number;
  tenants: number;
  guarantors: number;
  seconds: number;
}

const SPAN_DAYS = 730;
const TIME_ZONE = 'America/Mexico_City';

/** A SQL string literal of a constant of ours. */
function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(lit).join(', ')}]::text[]`;
}

/** 0 ≤ u < 1, a deterministic function of (key, salt). */
function u(key: string, salt: number): string {
  return `((hashint8((${key})::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
}

/** An index 1…n, uniform. */
function pick(key: string, salt: number, n: number): string {
  return `(1 + floor(${u(key, salt)} * ${n})::int)`;
}

/** An index 1…n, the first ones more often (power 1.5: index 1 about 4 % of draws among 130). */
function pickFrequent(key: string, salt: number, n: number): string {
  return `(1 + floor(power(${u(key, salt)}, 1.5) * ${n})::int)`;
}

function digits(key: string, salt: number, count: number): string {
  return `lpad(((hashint8((${key})::bigint * 7919 + ${salt}) & 2147483647) % ${10 ** count})::text, ${count}, '0')`;
}

function phone(key: string, salt: number): string {
  return `'55 ' || ${digits(key, salt, 4)} || ' ' || ${digits(key, salt + 1, 4)}`;
}

export async function generatePolicies(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const count = Math.trunc(options.count);
  if (!(count > 0)) throw new Error('count must be a positive integer');
  const now = `${lit((options.now ?? new Date()).toISOString())}::timestamptz`;
  const stepSeconds = (SPAN_DAYS * 86_400) / count;
  const firstNames = [...femaleFirstNames, ...maleFirstNames];
  const streets = colonies.flatMap((colony) => colony.streets.map((street) => ({ ...colony, street })));
  const NF = firstNames.length;
  const NL = surnames.length;
  const NS = streets.length;
  const NC = ownerCompanies.length;

  const statements: string[] = [];
  const run = (text: string) => statements.push(text);

  // Lookups, with each value's folded form.
  run(`CREATE TEMP TABLE bench_first (i int PRIMARY KEY, name text NOT NULL, folded text NOT NULL) ON COMMIT DROP`);
  run(`INSERT INTO bench_first VALUES ${firstNames.map((name, i) => `(${i + 1}, ${lit(name)}, ${lit(foldForSearch(name))})`).join(', ')}`);
  run(`CREATE TEMP TABLE bench_last (i int PRIMARY KEY, name text NOT NULL, folded text NOT NULL) ON COMMIT DROP`);
  run(`INSERT INTO bench_last VALUES ${surnames.map((name, i) => `(${i + 1}, ${lit(name)}, ${lit(foldForSearch(name))})`).join(', ')}`);
  run(`CREATE TEMP TABLE bench_company (i int PRIMARY KEY, name text NOT NULL, folded text NOT NULL) ON COMMIT DROP`);
  run(`INSERT INTO bench_company VALUES ${ownerCompanies.map((name, i) => `(${i + 1}, ${lit(name)}, ${lit(foldForSearch(name))})`).join(', ')}`);
  run(`CREATE TEMP TABLE bench_street (
    i int PRIMARY KEY, street text NOT NULL, street_folded text NOT NULL, colony text NOT NULL, colony_folded text NOT NULL,
    municipality text NOT NULL, municipality_folded text NOT NULL, zip text NOT NULL, tier int NOT NULL) ON COMMIT DROP`);
  run(
    `INSERT INTO bench_street VALUES ${streets
      .map(
        (s, i) =>
          `(${i + 1}, ${lit(s.street)}, ${lit(foldForSearch(s.street))}, ${lit(s.colony)}, ${lit(foldForSearch(s.colony))}, ` +
          `${lit(s.municipality)}, ${lit(foldForSearch(s.municipality))}, ${lit(s.zipCode)}, ${s.tier})`,
      )
      .join(', ')}`,
  );

  // One row per policy: every draw, made once.
  run(`CREATE TEMP TABLE bench_plan (
    g int PRIMARY KEY, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, status policy_status NOT NULL,
    policy_type policy_type NOT NULL, n_tenants int NOT NULL, n_guarantors int NOT NULL,
    t1f int, t1a int, t1b int, t2f int, t2a int, t2b int, g1f int, g1a int, g1b int, g2f int, g2a int, g2b int,
    o_company int, o_f int, o_a int, o_b int, street_i int NOT NULL, ext_no text NOT NULL, price numeric(12, 2) NOT NULL,
    folio text NOT NULL, policy_number text NOT NULL, previous_policy text NOT NULL, delivery_date date NOT NULL, electronic boolean NOT NULL
  ) ON COMMIT DROP`);
  const local = (column: string) => `(${column} AT TIME ZONE ${lit(TIME_ZONE)})`;
  run(`INSERT INTO bench_plan
    SELECT g, c.created_at,
      date_trunc('milliseconds', CASE s.status
        WHEN 'created' THEN c.created_at
        WHEN 'expiring' THEN least(${now}, c.created_at + make_interval(days => 335 + floor(${u('g', 33)} * 20)::int))
        WHEN 'expired' THEN least(${now}, c.created_at + make_interval(days => 380 + floor(${u('g', 33)} * 30)::int))
        ELSE least(${now}, c.created_at + make_interval(secs => (1 + ${u('g', 33)} * 14) * 86400)) END),
      s.status, s.policy_type, 1 + (${u('g', 4)} < 0.25)::int,
      CASE WHEN s.policy_type IN ('plus', 'plusAuto') THEN 1 + (${u('g', 5)} < 0.1)::int ELSE 0 END,
      ${pick('g', 11, NF)}, ${pickFrequent('g', 12, NL)}, ${pickFrequent('g', 13, NL)},
      ${pick('g', 14, NF)}, ${pickFrequent('g', 15, NL)}, ${pickFrequent('g', 16, NL)},
      ${pick('g', 17, NF)}, ${pickFrequent('g', 18, NL)}, ${pickFrequent('g', 19, NL)},
      ${pick('g', 20, NF)}, ${pickFrequent('g', 21, NL)}, ${pickFrequent('g', 22, NL)},
      CASE WHEN ${u('g', 26)} < 0.1 THEN ${pick('g', 27, NC)} END,
      ${pick('g', 23, NF)}, ${pickFrequent('g', 24, NL)}, ${pickFrequent('g', 25, NL)},
      st.i,
      (1 + floor(${u('g', 29)} * 450))::int::text || CASE WHEN ${u('g', 30)} < 0.05 THEN '-B' ELSE '' END,
      round((CASE st.tier WHEN 1 THEN 35000 + ${u('g', 35)} * 60000 WHEN 2 THEN 14000 + ${u('g', 35)} * 24000
        ELSE 8000 + ${u('g', 35)} * 10000 END)::numeric / 500) * 500,
      'INV-' || to_char(${local('c.created_at')}, 'DDMMYYYY-HH24MI') || '-' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0'),
      CASE WHEN s.status IN ('investigation_approved', 'contracts', 'signature', 'active', 'cancelled', 'expiring', 'expired')
        THEN 'POL-' || to_char(${local('c.created_at')}, 'YYYY') || '-' || lpad(g::text, 6, '0') ELSE '' END,
      CASE WHEN s.status IN ('active', 'expiring') AND ${u('g', 31)} < 0.15
        THEN 'POL-' || (extract(year FROM ${local('c.created_at')})::int - 1) || '-' || lpad((g + 500000)::text, 6, '0') ELSE '' END,
      ${local('c.created_at')}::date + (15 + floor(${u('g', 32)} * 30))::int,
      ${u('g', 34)} < 0.35
    FROM generate_series(1, ${count}) AS g
    CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', ${now} - make_interval(secs => (g - 1 + 0.9 * ${u('g', 1)}) * ${stepSeconds})) AS created_at) c
    CROSS JOIN LATERAL (SELECT extract(epoch FROM ${now} - c.created_at) / 86400 AS age, ${u('g', 2)} AS u2, ${u('g', 3)} AS u3) a
    CROSS JOIN LATERAL (SELECT
      (CASE
        WHEN a.age < 7 THEN CASE WHEN a.u2 < 0.5 THEN 'created' ELSE 'investigation' END
        WHEN a.age < 21 THEN CASE WHEN a.u2 < 0.2 THEN 'investigation' WHEN a.u2 < 0.45 THEN 'investigation_approved'
          WHEN a.u2 < 0.55 THEN 'investigation_rejected' WHEN a.u2 < 0.8 THEN 'contracts' ELSE 'signature' END
        WHEN a.age < 335 THEN CASE WHEN a.u2 < 0.85 THEN 'active' WHEN a.u2 < 0.92 THEN 'cancelled' ELSE 'investigation_rejected' END
        WHEN a.age < 365 THEN CASE WHEN a.u2 < 0.85 THEN 'expiring' WHEN a.u2 < 0.9 THEN 'cancelled' ELSE 'investigation_rejected' END
        ELSE CASE WHEN a.u2 < 0.85 THEN 'expired' WHEN a.u2 < 0.92 THEN 'cancelled' ELSE 'investigation_rejected' END
      END)::policy_status AS status,
      (CASE WHEN a.u3 < 0.45 THEN 'basica' WHEN a.u3 < 0.75 THEN 'plus' WHEN a.u3 < 0.85 THEN 'plusAuto' ELSE 'garantiaPlus' END)::policy_type AS policy_type
    ) s
    JOIN bench_street st ON st.i = ${pick('g', 28, NS)}`);
  run(`CREATE UNIQUE INDEX ON bench_plan (folio)`);
  run(`ANALYZE bench_plan`);

  // The policies, oldest first (ids grow with created_at, as they do in real life).
  const person = (alias: string) => [
    `${alias}f.name || ' ' || ${alias}a.name || ' ' || ${alias}b.name`,
    `${alias}f.folded || ' ' || ${alias}a.folded || ' ' || ${alias}b.folded`,
  ];
  const personJoins = (alias: string) =>
    `JOIN bench_first ${alias}f ON ${alias}f.i = r.${alias}f JOIN bench_last ${alias}a ON ${alias}a.i = r.${alias}a JOIN bench_last ${alias}b ON ${alias}b.i = r.${alias}b`;
  const [t1, t1Folded] = person('t1');
  const [t2, t2Folded] = person('t2');
  const [g1, g1Folded] = person('g1');
  const [g2, g2Folded] = person('g2');
  const [owner, ownerFolded] = person('o_');
  run(`CREATE TEMP TABLE bench_before ON COMMIT DROP AS SELECT coalesce(max(id), 0) AS id FROM policies`);
  run(`INSERT INTO policies (investigation_id, policy_number, status, previous_policy, policy_type, guarantor_required,
      is_electronic_signature, specialnote, branch_id, user_id, tenant_names, guarantor_names, owner_name, street, exterior_number,
      colony, municipality, delivery_date, search_text, created_at, updated_at)
    SELECT r.folio, r.policy_number, r.status, r.previous_policy, r.policy_type, r.policy_type IN ('plus', 'plusAuto'),
      r.electronic, '', ${options.branchId}, ${options.userId},
      CASE WHEN r.n_tenants = 2 THEN ARRAY[${t1}, ${t2}] ELSE ARRAY[${t1}] END,
      CASE r.n_guarantors WHEN 0 THEN '{}'::text[] WHEN 1 THEN ARRAY[${g1}] ELSE ARRAY[${g1}, ${g2}] END,
      coalesce(oc.name, ${owner}), s.street, r.ext_no, s.colony, s.municipality, r.delivery_date,
      concat_ws(E'\\n', lower(r.folio), nullif(lower(r.policy_number), ''),
        ${t1Folded}, CASE WHEN r.n_tenants = 2 THEN ${t2Folded} END,
        CASE WHEN r.n_guarantors >= 1 THEN ${g1Folded} END, CASE WHEN r.n_guarantors = 2 THEN ${g2Folded} END,
        coalesce(oc.folded, ${ownerFolded}), s.street_folded, lower(r.ext_no), s.colony_folded, s.municipality_folded),
      r.created_at, r.updated_at
    FROM bench_plan r
    ${personJoins('t1')} ${personJoins('t2')} ${personJoins('g1')} ${personJoins('g2')}
    JOIN bench_first o_f ON o_f.i = r.o_f JOIN bench_last o_a ON o_a.i = r.o_a JOIN bench_last o_b ON o_b.i = r.o_b
    LEFT JOIN bench_company oc ON oc.i = r.o_company
    JOIN bench_street s ON s.i = r.street_i
    ORDER BY r.g DESC`);
  run(`ANALYZE policies`);
  const fresh = `p.id > (SELECT id FROM bench_before)`;

  // Tenants (the names of the row), each with a home and a work address, and one reference.
  const professionList = textArray(professions.map(([male]) => male));
  run(`INSERT INTO tenants (policy_id, position, name, street, exterior_number, colony, municipality, state, zip_code, phone, mobile, email,
      profession, monthly_income, company, seniority, immediate_boss, work_street, work_exterior_number, work_colony, work_municipality,
      work_state, work_zip_code, requires_invoice)
    SELECT p.id, t.ord - 1, t.name, hs.street, (1 + k.k % 400)::text, hs.colony, hs.municipality, 'Ciudad de México', hs.zip,
      ${phone('k.k', 41)}, ${phone('k.k', 43)}, 'inquilino' || p.id || '.' || t.ord || '@ejemplo.mx',
      (${professionList})[${pick('k.k', 45, professions.length)}], round(r.price * (3 + 2 * ${u('k.k', 46)})::numeric / 1000) * 1000,
      (${textArray(companies)})[${pick('k.k', 47, companies.length)}], (1 + floor(${u('k.k', 48)} * 12))::int || ' años', '',
      ws.street, (1 + k.k % 900)::text, ws.colony, ws.municipality, 'Ciudad de México', ws.zip, ${u('k.k', 49)} < 0.2
    FROM policies p
    JOIN bench_plan r ON r.folio = p.investigation_id
    CROSS JOIN LATERAL unnest(p.tenant_names) WITH ORDINALITY AS t(name, ord)
    CROSS JOIN LATERAL (SELECT p.id::bigint * 4 + t.ord AS k) k
    JOIN bench_street hs ON hs.i = ${pick('k.k', 50, NS)}
    JOIN bench_street ws ON ws.i = ${pick('k.k', 51, NS)}
    WHERE ${fresh}`);
  run(`ANALYZE tenants`);
  run(`INSERT INTO tenant_references (tenant_id, position, name, phone, type)
    SELECT t.id, 0, f.name || ' ' || a.name || ' ' || b.name, ${phone('t.id', 52)},
      (CASE WHEN ${u('t.id', 54)} < 0.5 THEN 'personal' ELSE 'familiar' END)::reference_type
    FROM tenants t
    JOIN bench_first f ON f.i = ${pick('t.id', 55, NF)}
    JOIN bench_last a ON a.i = ${pickFrequent('t.id', 56, NL)}
    JOIN bench_last b ON b.i = ${pickFrequent('t.id', 57, NL)}
    WHERE t.policy_id > (SELECT id FROM bench_before)`);

  // Guarantors of Plus and Plus Auto; a third of Plus ones pledge another property.
  run(`INSERT INTO guarantors (policy_id, position, name, street, exterior_number, colony, municipality, state, zip_code, phone, mobile, email,
      same_address_as_guarantee, has_guarantee_address, guarantee_street, guarantee_exterior_number, guarantee_colony,
      guarantee_municipality, guarantee_state, guarantee_zip_code)
    SELECT p.id, x.ord - 1, x.name, hs.street, (1 + k.k % 300)::text, hs.colony, hs.municipality, 'Ciudad de México', hs.zip,
      ${phone('k.k', 61)}, '', 'aval' || p.id || '.' || x.ord || '@ejemplo.mx',
      NOT k.separate, k.separate,
      CASE WHEN k.separate THEN gs.street ELSE '' END, CASE WHEN k.separate THEN (1 + k.k % 700)::text ELSE '' END,
      CASE WHEN k.separate THEN gs.colony ELSE '' END, CASE WHEN k.separate THEN gs.municipality ELSE '' END,
      CASE WHEN k.separate THEN 'Ciudad de México' ELSE '' END, CASE WHEN k.separate THEN gs.zip ELSE '' END
    FROM policies p
    CROSS JOIN LATERAL unnest(p.guarantor_names) WITH ORDINALITY AS x(name, ord)
    CROSS JOIN LATERAL (SELECT p.id::bigint * 4 + x.ord AS k, p.policy_type = 'plus' AND ${u('p.id::bigint * 4 + x.ord', 63)} < 0.3 AS separate) k
    JOIN bench_street hs ON hs.i = ${pick('k.k', 64, NS)}
    JOIN bench_street gs ON gs.i = ${pick('k.k', 65, NS)}
    WHERE ${fresh}`);
  run(`ANALYZE guarantors`);
  const letter = (salt: number) => `chr(65 + floor(${u('gu.id', salt)} * 26)::int)`;
  run(`INSERT INTO guarantor_vehicles (guarantor_id, brand, model, year, color, license_plate, created_at, updated_at)
    SELECT gu.id, (${textArray(vehicles.map(([brand]) => brand))})[v.i], (${textArray(vehicles.map(([, model]) => model))})[v.i],
      2016 + floor(${u('gu.id', 71)} * 10)::int, (${textArray(vehicleColors)})[${pick('gu.id', 72, vehicleColors.length)}],
      ${letter(73)} || ${letter(74)} || ${letter(75)} || '-' || ${digits('gu.id', 76, 3)} || '-' || ${letter(77)},
      p.created_at, p.created_at
    FROM guarantors gu
    JOIN policies p ON p.id = gu.policy_id
    CROSS JOIN LATERAL (SELECT ${pick('gu.id', 78, vehicles.length)} AS i) v
    WHERE p.policy_type = 'plusAuto' AND ${fresh}`);

  // The property (the row's address), its owner (the row's owner_name) and the rent.
  const buildingTypes = `('apartment', 'condo')`;
  run(`INSERT INTO properties (policy_id, street, exterior_number, interior_number, colony, municipality, state, zip_code, property_type,
      parking_spots, identification, service_water, service_electricity, service_maintenance, commercial_use, description)
    SELECT p.id, p.street, p.exterior_number,
      CASE WHEN x.type IN ${buildingTypes} THEN (100 * (1 + p.id % 8) + 1 + p.id % 4)::text ELSE '' END,
      p.colony, p.municipality, 'Ciudad de México', s.zip, x.type, floor(${u('p.id', 82)} * 3)::int,
      ${digits('p.id', 83, 3)} || '-' || ${digits('p.id', 84, 3)} || '-' || ${digits('p.id', 85, 2)} || '-' || ${digits('p.id', 86, 3)} || '-' || ${digits('p.id', 87, 1)},
      true, ${u('p.id', 88)} < 0.3, x.type IN ${buildingTypes} AND ${u('p.id', 89)} < 0.5, x.type = 'commercial',
      CASE x.type WHEN 'apartment' THEN 'Departamento de 2 recámaras, 2 baños y cocina integral.'
        WHEN 'house' THEN 'Casa de 3 recámaras con jardín y cuarto de servicio.'
        WHEN 'condo' THEN 'Casa en condominio con vigilancia y área común.'
        WHEN 'commercial' THEN 'Local comercial a pie de calle con medio baño.'
        ELSE 'Bodega con andén de carga.' END
    FROM policies p
    JOIN bench_plan r ON r.folio = p.investigation_id
    JOIN bench_street s ON s.i = r.street_i
    CROSS JOIN LATERAL (SELECT (CASE WHEN ${u('p.id', 81)} < 0.55 THEN 'apartment' WHEN ${u('p.id', 81)} < 0.75 THEN 'house'
      WHEN ${u('p.id', 81)} < 0.9 THEN 'condo' WHEN ${u('p.id', 81)} < 0.97 THEN 'commercial' ELSE 'warehouse' END)::property_type AS type) x
    WHERE ${fresh}`);
  run(`ANALYZE properties`);
  run(`INSERT INTO property_owners (property_id, name, street, exterior_number, colony, municipality, state, zip_code, phone, mobile, email)
    SELECT pr.id, p.owner_name, s.street, (1 + p.id % 500)::text, s.colony, s.municipality, 'Ciudad de México', s.zip,
      ${phone('p.id', 91)}, '', 'propietario' || p.id || '@ejemplo.mx'
    FROM properties pr
    JOIN policies p ON p.id = pr.policy_id
    JOIN bench_street s ON s.i = ${pick('p.id', 93, NS)}
    WHERE ${fresh}`);
  run(`INSERT INTO rents (property_id, price, includes_maintenance, maintenance_amount, provides_invoice, contract_start_date,
      property_delivery_date, grace_period, deposit, bank_deposit, account_number, bank, clabe, account_holder, real_estate,
      real_estate_name, real_estate_agent)
    SELECT pr.id, r.price, pr.service_maintenance,
      CASE WHEN pr.service_maintenance THEN round((1200 + ${u('p.id', 94)} * 3300)::numeric / 100) * 100 END,
      ${u('p.id', 95)} < 0.3, p.delivery_date, p.delivery_date, CASE WHEN ${u('p.id', 96)} < 0.5 THEN 5 END, r.price,
      x.bank_deposit,
      CASE WHEN x.bank_deposit THEN ${digits('p.id', 97, 9)} || (p.id % 10)::text ELSE '' END,
      CASE WHEN x.bank_deposit THEN (${textArray(banks.map(([name]) => name))})[x.bank] ELSE '' END,
      CASE WHEN x.bank_deposit THEN (${textArray(banks.map(([, code]) => code))})[x.bank] || '180' || ${digits('p.id', 98, 8)} || ${digits('p.id', 99, 4)} ELSE '' END,
      CASE WHEN x.bank_deposit THEN p.owner_name ELSE '' END,
      x.real_estate, CASE WHEN x.real_estate THEN (${textArray(realEstateAgencies)})[${pick('p.id', 100, realEstateAgencies.length)}] ELSE '' END, ''
    FROM properties pr
    JOIN policies p ON p.id = pr.policy_id
    JOIN bench_plan r ON r.folio = p.investigation_id
    CROSS JOIN LATERAL (SELECT ${u('p.id', 101)} < 0.7 AS bank_deposit, ${u('p.id', 102)} < 0.4 AS real_estate, ${pick('p.id', 103, banks.length)} AS bank) x
    WHERE ${fresh}`);

  // History: the creation, and the change to the current status.
  run(`INSERT INTO policy_events (policy_id, user_id, from_status, to_status, changes, note, created_at)
    SELECT p.id, p.user_id, NULL::policy_status, 'created'::policy_status, '{}'::text[], 'Póliza creada', p.created_at FROM policies p WHERE ${fresh}
    UNION ALL
    SELECT p.id, p.user_id, 'created', p.status, '{}', '', p.updated_at FROM policies p WHERE ${fresh} AND p.status <> 'created'`);

  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });

  const counts = await db.execute(sql`
    SELECT (SELECT count(*)::int FROM policies WHERE branch_id = ${options.branchId}) AS policies,
      (SELECT count(*)::int FROM tenants) AS tenants, (SELECT count(*)::int FROM guarantors) AS guarantors`);
  const row = (counts as unknown as { rows: Array<{ policies: number; tenants: number; guarantors: number }> }).rows[0]!;
  return { ...row, seconds: (performance.now() - started) / 1000 };
}
