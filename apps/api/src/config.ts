import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { apiRoot } from './api-root';
import type { S3StoreOptions } from './lib/s3-file-store';

const defaultWebDist = path.resolve(apiRoot, '../web/dist');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** 'Name <address>' or a bare address: what an e-mail's From header takes. */
const mailFromPattern = /^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

/** 'true'/'1' or 'false'/'0' (empty = the default), with the variable named when it is neither. */
function flag(name: string, fallback: 'true' | 'false') {
  return z
    .enum(['true', 'false', '1', '0', ''], `${name} debe ser 'true' o 'false'`)
    .default(fallback)
    .transform((value) => (value === '' ? fallback === 'true' : value === 'true' || value === '1'));
}

/** One entry of WHATSAPP_GATEWAY_HOSTS: a host as WHATWG URL parsing writes it, and its port when one is named. */
export interface GatewayHost {
  hostname: string;
  /** undefined: any port of that host. */
  port: number | undefined;
}

const gatewayHostsError = 'WHATSAPP_GATEWAY_HOSTS debe ser una lista separada por comas de host o host:puerto, p. ej. evolution.interna:8080,10.0.0.5:3000';

/**
 * 'evolution.internal:8080,10.0.0.5:3000,[fd00::5]:3000': each host normalised the way the gateway
 * URLs are (URL parsing: lower case, '0x0a.0.0.5' is '10.0.0.5'), so one spelling matches another.
 */
function parseGatewayHosts(value: string, context: z.RefinementCtx): GatewayHost[] {
  const hosts: GatewayHost[] = [];
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const host = gatewayHost(entry);
    if (!host) {
      context.addIssue({ code: 'custom', message: `${gatewayHostsError} («${entry}» no lo es)` });
      return z.NEVER;
    }
    hosts.push(host);
  }
  return hosts;
}

function gatewayHost(entry: string): GatewayHost | null {
  // A name or IPv4, or an IPv6 in brackets ('[fd00::5]:3000'): a bare IPv6 cannot be told from its port.
  const match = /^(\[[0-9a-f:.]+\]|[^/?#@\s:[\]]+)(?::(\d{1,5}))?$/i.exec(entry);
  if (!match) return null;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  try {
    return { hostname: new URL(`http://${match[1]}`).hostname, port };
  } catch {
    return null;
  }
}

/** file:///absolute/path or s3://bucket[/prefix] (S3's bucket naming rules, lower case). */
const filesUrlPattern = /^(?:file:\/\/\/.*|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](?:\/.*)?)$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional()),
  SECRETS_KEY: optionalString.pipe(z.string().min(32, 'SECRETS_KEY debe tener al menos 32 caracteres').optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'ADMIN_PASSWORD debe tener al menos 8 caracteres').optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0, 'SEARCH_CACHE_SECONDS debe estar entre 0 y 60').max(60, 'SEARCH_CACHE_SECONDS debe estar entre 0 y 60').default(5),
  JOBS: z.enum(['on', 'off'], "JOBS debe ser 'on' u 'off'").default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  WEB_DIST_DIR: z.string().trim().min(1).default(defaultWebDist),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL debe ser smtp://… o smtps://…' }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL debe ser https://… (o http://…)' }).optional()),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(mailFromPattern, 'MAIL_FROM debe ser una dirección, p. ej. Portal de Pólizas <no-responder@empresa.mx>')
    .default('Portal de Pólizas <no-responder@localhost>'),
  FILES_URL: optionalString.pipe(z.string().regex(filesUrlPattern, 'FILES_URL debe ser file:///ruta/absoluta o s3://bucket/prefijo').optional()),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT debe ser https://… (o http://…)' }).optional()),
  S3_REGION: z.string().trim().min(1, 'S3_REGION no puede estar vacío').default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE', 'false'),
  S3_PRESIGN_DOWNLOADS: flag('S3_PRESIGN_DOWNLOADS', 'false'),
  MFA_REQUIRED_FOR: z.enum(['none', 'admin', ''], "MFA_REQUIRED_FOR debe ser 'none' o 'admin'").default('none'),
  HSTS_MAX_AGE: optionalString.pipe(z.string().regex(/^\d{1,9}$/, 'HSTS_MAX_AGE debe ser un número entero de segundos').transform(Number).optional()),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional()),
  WHATSAPP_GATEWAY_HOSTS: optionalString.pipe(z.string().transform(parseGatewayHosts).optional()),
  FACTURAPI_KEY: optionalString.pipe(z.string().regex(/^sk_(test|live)_\S+$/, 'FACTURAPI_KEY debe ser una clave secreta de Facturapi (sk_test_… o sk_live_…)').optional()),
  FACTURAPI_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'FACTURAPI_URL debe ser https://… (o http://…)' }).optional()),
  EFIRMA_CA_CERTS: optionalString,
  EFIRMA_OCSP_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'EFIRMA_OCSP_URL debe ser https://… (o http://…)' }).optional()),
  TSA_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'TSA_URL debe ser https://… (o http://…)' }).optional()),
}).refine((e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY), {
  path: ['S3_SECRET_ACCESS_KEY'],
  message: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas: indique las dos o ninguna',
});

/** Where uploaded files live (FILES_URL): a directory, or a bucket with its S3_* settings. */
export type FilesConfig = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3StoreOptions);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this instance keeps to PostgreSQL at most (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /**
   * How long an instance answers an identical policy search from its last answer
   * (SEARCH_CACHE_SECONDS, 0 = never); any change to the policies drops them at once.
   */
  searchCacheMs: number;
  /**
   * Whether this instance works the job queue (JOBS, on by default): the daily lifecycle,
   * reminders, e-mail delivery. Any number of instances may; pg-boss hands each run to one.
   */
  jobsEnabled: boolean;
  jwtSecret: string | undefined;
  /** Seals stored secrets (TOTP secrets, gateway API keys): lib/secret-box.ts. Generated into DATA_DIR when absent. */
  secretsKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  maxUploadBytes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string;
  /** smtp://user:pass@host:587 or smtps://…; undefined keeps e-mails queued in the outbox (SMTP_URL). */
  smtpUrl: string | undefined;
  /**
   * The portal's address as people outside reach it (PUBLIC_URL, e.g. https://polizas.empresa.mx),
   * for the links sent to tenants, guarantors and owners; undefined uses the address of the
   * request that makes the link.
   */
  publicUrl: string | undefined;
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom: string;
  files: FilesConfig;
  /** The bearer token Prometheus sends to GET /metrics (METRICS_TOKEN); undefined: no /metrics (404). */
  metricsToken: string | undefined;
  /** Who must sign in with a second factor (MFA_REQUIRED_FOR): nobody, or admins (enrolled at their next sign-in). */
  mfaRequiredFor: 'none' | 'admin';
  /** Strict-Transport-Security's max-age in seconds (HSTS_MAX_AGE); undefined or 0: no HSTS (plain HTTP on a LAN). */
  hstsMaxAge: number | undefined;
  /**
   * The WhatsApp gateways this installation may call (WHATSAPP_GATEWAY_HOSTS): when set, only
   * these, even on a private network; undefined: any public address, never a private one.
   */
  whatsappGatewayHosts: GatewayHost[] | undefined;
  /**
   * The PAC that stamps the fee invoices (issue 34): Facturapi with FACTURAPI_KEY (a test key,
   * sk_test_…, makes test invoices); undefined: invoicing is off and says so. FACTURAPI_URL is
   * its API's address (tests point it at a local server).
   */
  facturapi: { key: string; url: string } | undefined;
  /**
   * Issue 35: signing with the SAT e.firma. EFIRMA_CA_CERTS is a PEM bundle of the certificate
   * authorities a signer's certificate must chain to (SAT's AC certificates, see DEPLOY); without
   * it the e.firma is off and documents set to it are signed on paper. EFIRMA_OCSP_URL: SAT's OCSP
   * responder, asked whether the certificate is revoked (undefined: not asked, and recorded so).
   */
  efirma: { caCertsPath: string; ocspUrl: string | undefined } | undefined;
  /** Issue 35: the RFC 3161 time-stamping authority (TSA_URL); undefined: signed packs carry no time-stamp. */
  tsaUrl: string | undefined;
}

export class ConfigError extends Error {}

/**
 * A Spanish warning for the start-up console when mail is on (SMTP_URL) without PUBLIC_URL: the
 * links in e-mails are then made with the address of whoever caused them (often localhost or an
 * office IP) and may not open for the people who receive them. Null when there is nothing to say.
 */
export function publicUrlWarning(config: Pick<AppConfig, 'smtpUrl' | 'publicUrl'>): string | null {
  if (!config.smtpUrl || config.publicUrl) return null;
  return 'Aviso: SMTP_URL está configurado y PUBLIC_URL no: los enlaces de los correos usarán la dirección con la que se abrió el portal y pueden no abrirse fuera de esta red. Indique PUBLIC_URL, p. ej. https://polizas.empresa.mx';
}

/** Reads the environment once; a bad value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    searchCacheMs: Math.round(e.SEARCH_CACHE_SECONDS * 1000),
    jobsEnabled: e.JOBS === 'on',
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    files: filesConfig(e, path.resolve(e.DATA_DIR)),
    metricsToken: e.METRICS_TOKEN,
    mfaRequiredFor: e.MFA_REQUIRED_FOR === 'admin' ? 'admin' : 'none',
    hstsMaxAge: e.HSTS_MAX_AGE,
    whatsappGatewayHosts: e.WHATSAPP_GATEWAY_HOSTS,
    facturapi: e.FACTURAPI_KEY ? { key: e.FACTURAPI_KEY, url: (e.FACTURAPI_URL ?? 'https://www.facturapi.io/v2').replace(/\/+$/, '') } : undefined,
    efirma: e.EFIRMA_CA_CERTS ? { caCertsPath: e.EFIRMA_CA_CERTS, ocspUrl: e.EFIRMA_OCSP_URL } : undefined,
    tsaUrl: e.TSA_URL,
  };
}

function filesConfig(e: z.infer<typeof envSchema>, dataDir: string): FilesConfig {
  const url = e.FILES_URL;
  if (!url) return { kind: 'disk', root: path.join(dataDir, 'files') };
  if (url.startsWith('file:')) return { kind: 'disk', root: path.resolve(fileURLToPath(url)) };
  const [bucket = '', ...rest] = url.slice('s3://'.length).split('/');
  return {
    kind: 's3',
    bucket,
    prefix: rest.join('/').replace(/^\/+|\/+$/g, ''),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    presignDownloads: e.S3_PRESIGN_DOWNLOADS,
  };
}
