import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlWarning } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: 'localhost', dataDir: path.resolve('./data'), databaseUrl: undefined, databasePoolMax: 10, maxUploadBytes: 100 * 1024 * 1024, logLevel: 'info', trustProxy: false, smtpUrl: undefined, publicUrl: undefined, mailFrom: 'Portal de Pólizas <no-responder@localhost>' });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/portal',
      DATABASE_URL: 'postgres://portal@db:5432/portal',
      JWT_SECRET: 's'.repeat(32),
      ADMIN_EMAIL: 'Jefa@Empresa.mx',
      ADMIN_PASSWORD: 'muy-segura',
      MAX_UPLOAD_MB: '20',
      DATABASE_POOL_MAX: '40',
      SEARCH_CACHE_SECONDS: '2.5',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      SMTP_URL: 'smtps://portal:clave@mail.empresa.mx:465',
      MAIL_FROM: 'Pólizas <avisos@empresa.mx>',
      PUBLIC_URL: 'https://polizas.empresa.mx/',
      METRICS_TOKEN: 'token-de-prometheus-123',
    });
    expect(config.metricsToken).toBe('token-de-prometheus-123');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/portal', databaseUrl: 'postgres://portal@db:5432/portal', adminEmail: 'jefa@empresa.mx', databasePoolMax: 40, searchCacheMs: 2500, maxUploadBytes: 20 * 1024 * 1024, logLevel: 'warn', trustProxy: true, smtpUrl: 'smtps://portal:clave@mail.empresa.mx:465', mailFrom: 'Pólizas <avisos@empresa.mx>', publicUrl: 'https://polizas.empresa.mx' });
  });

  it('refuses a short METRICS_TOKEN and leaves /metrics off without one', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN debe tener al menos 16 caracteres/);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('turns invoicing on with FACTURAPI_KEY, at Facturapi unless FACTURAPI_URL says otherwise (issue 34)', () => {
    expect(loadConfig({}).facturapi).toBeUndefined();
    expect(loadConfig({ FACTURAPI_KEY: '', FACTURAPI_URL: '' }).facturapi).toBeUndefined();
    expect(loadConfig({ FACTURAPI_KEY: 'sk_test_abc123' }).facturapi).toEqual({ key: 'sk_test_abc123', url: 'https://www.facturapi.io/v2' });
    expect(loadConfig({ FACTURAPI_KEY: 'sk_live_xyz', FACTURAPI_URL: 'http://127.0.0.1:4010/v2/' }).facturapi).toEqual({ key: 'sk_live_xyz', url: 'http://127.0.0.1:4010/v2' });
    const attempt = () => loadConfig({ FACTURAPI_KEY: 'pk_test_publica', FACTURAPI_URL: 'ftp://facturapi' });
    expect(attempt).toThrow(/FACTURAPI_KEY debe ser una clave secreta de Facturapi/);
    expect(attempt).toThrow(/FACTURAPI_URL debe ser https:\/\/…/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '', ADMIN_PASSWORD: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, jwtSecret: undefined, adminPassword: undefined, smtpUrl: undefined });
  });

  it('refuses bad values, naming each variable', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'corto', SECRETS_KEY: 'corta', ADMIN_PASSWORD: '123', DATABASE_POOL_MAX: '0', SEARCH_CACHE_SECONDS: '-1', SMTP_URL: 'http://mail', MAIL_FROM: 'sin arroba', PUBLIC_URL: 'polizas.empresa.mx' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/JWT_SECRET debe tener al menos 32 caracteres/);
    expect(attempt).toThrow(/SECRETS_KEY debe tener al menos 32 caracteres/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
    expect(attempt).toThrow(/DATABASE_POOL_MAX/);
    expect(attempt).toThrow(/SEARCH_CACHE_SECONDS debe estar entre 0 y 60/);
    expect(attempt).toThrow(/SMTP_URL debe ser smtp:\/\/… o smtps:\/\/…/);
    expect(attempt).toThrow(/MAIL_FROM debe ser una dirección/);
    expect(attempt).toThrow(/PUBLIC_URL debe ser https:\/\/…/);
  });

  it('keeps files under DATA_DIR/files by default, or where FILES_URL says', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).files).toEqual({ kind: 'disk', root: '/srv/portal/files' });
    expect(loadConfig({ FILES_URL: 'file:///mnt/compartido/archivos' }).files).toEqual({ kind: 'disk', root: '/mnt/compartido/archivos' });
    expect(loadConfig({ FILES_URL: 's3://polizas-archivos' }).files).toEqual({
      kind: 's3',
      bucket: 'polizas-archivos',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      presignDownloads: false,
    });
    const minio = loadConfig({
      FILES_URL: 's3://polizas/produccion/archivos/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'mx-central-1',
      S3_ACCESS_KEY_ID: 'portal',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGN_DOWNLOADS: '1',
    });
    expect(minio.files).toEqual({
      kind: 's3',
      bucket: 'polizas',
      prefix: 'produccion/archivos',
      endpoint: 'http://minio:9000',
      region: 'mx-central-1',
      accessKeyId: 'portal',
      secretAccessKey: 'secreto',
      forcePathStyle: true,
      presignDownloads: true,
    });
  });

  it('refuses bad file-store settings, naming each variable', () => {
    const attempt = () =>
      loadConfig({ FILES_URL: 'ftp://archivos', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'portal', S3_FORCE_PATH_STYLE: 'si', S3_PRESIGN_DOWNLOADS: 'quizá' });
    expect(attempt).toThrow(/FILES_URL debe ser file:\/\/\/ruta\/absoluta o s3:\/\/bucket\/prefijo/);
    expect(attempt).toThrow(/S3_ENDPOINT debe ser https:\/\/…/);
    expect(attempt).toThrow(/S3_FORCE_PATH_STYLE debe ser 'true' o 'false'/);
    expect(attempt).toThrow(/S3_PRESIGN_DOWNLOADS debe ser 'true' o 'false'/);
    expect(() => loadConfig({ FILES_URL: 's3://polizas', S3_ACCESS_KEY_ID: 'portal' })).toThrow(/S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas/);
    expect(() => loadConfig({ FILES_URL: 's3://Mayúsculas' })).toThrow(/FILES_URL/);
  });
});

describe('publicUrlWarning (issue 29)', () => {
  it('warns when mail is on without PUBLIC_URL, and only then', () => {
    expect(publicUrlWarning(loadConfig({ SMTP_URL: 'smtp://correo.empresa.mx:587' }))).toMatch(/^Aviso: SMTP_URL está configurado y PUBLIC_URL no/);
    expect(publicUrlWarning(loadConfig({ SMTP_URL: 'smtp://correo.empresa.mx:587', PUBLIC_URL: 'https://polizas.empresa.mx' }))).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });
});
