import path from 'node:path';
import { MEDIA_MAX_FILE_BYTES, MEDIA_STORAGE_LIMIT_BYTES, privacyRule } from '@anor/core';
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from './db/timeouts.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import type { S3Settings } from './modules/media/storage/storage.ts';
import { repoRoot } from './paths.ts';

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** The address users reach the app at; used in e-mailed links and as better-auth's base URL. */
  publicUrl: string;
  /** Set: PostgreSQL. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Secret for signing session cookies. */
  authSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  payment: { number: string; recipient: string };
  /** Map tiles (a Leaflet URL template) and their attribution, trusted HTML from the operator. */
  map: { tileUrl: string; attribution: string };
  /** Directory of the built web app; null when it is not served (tests of the API alone). */
  webDistDir: string | null;
  logLevel: string;
  /**
   * TRUST_PROXY: whose X-Forwarded-For and X-Forwarded-Proto are believed (http/trust-proxy.ts).
   * Off by default: the client is the address the connection comes from.
   */
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
  /** The largest GEDCOM file a paid account may import (a free one: 5 MB, SPEC §5). GEDCOM_MAX_BYTES. */
  gedcomMaxBytes: number;
  /**
   * PAID_NODE_LIMIT: an operator's own node ceiling for paid trees, for GEDCOM imports (default
   * the tier's 100,000 in @anor/core). The benchmark raises it to import its 100,000-person file,
   * which holds some 430,000 items with its events and places.
   */
  paidNodeLimit: number | null;
  /** A running job whose heartbeat is older than this is failed as interrupted (JOB_STALE_MS, default 30 s). */
  jobStaleMs: number;
  /** DEMO_TREE: create the shared demonstration tree at start and answer GET /api/demo (default on; `0` turns it off). */
  demoTree: boolean;
  /** PRIVACY_LIVING_YEARS: a person born longer ago than this is presumed dead (default 110, SPEC §1 sharing). */
  privacyLivingYears: number;
  /**
   * PostgreSQL's time limits in milliseconds, 0 for none (db/timeouts.ts): DATABASE_CONNECT_TIMEOUT_MS (5 s),
   * DATABASE_STATEMENT_TIMEOUT_MS (30 s), DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS (60 s) and
   * DATABASE_JOB_TIMEOUT_MS (10 minutes per statement of a GEDCOM import or export).
   */
  databaseTimeouts: DatabaseTimeouts;
  /** Photos and scanned documents (issue 22): see modules/media. */
  media: MediaConfig;
  /** REDIS_URL: a Redis that several instances share; null without one. `/readyz` checks that it answers. */
  redisUrl: string | null;
  /** REDIS_PREFIX: the start of every key Anor writes to Redis (default `anor:`), for a Redis shared with others. */
  redisPrefix: string;
  /**
   * GET /metrics (Prometheus, modules/metrics): off unless METRICS=1 or METRICS_TOKEN is set; with a
   * token it answers only requests that carry it (`Authorization: Bearer …`).
   */
  metrics: { enabled: boolean; token: string | null };
  /** SHUTDOWN_TIMEOUT_MS: after SIGTERM, how long requests under way may take before they are cut (default 10 s). */
  shutdownTimeoutMs: number;
}

export interface MediaConfig {
  /** MEDIA_MAX_FILE_BYTES: the largest file one upload may be (default 50 MB). */
  maxFileBytes: number;
  /** MEDIA_STORAGE_LIMIT_BYTES: the most bytes a tree's files may take (default 10 GB). */
  storageLimitBytes: number;
  /** MEDIA_MAX_PIXELS: the most pixels an image may have to be decoded (default 100 megapixels). */
  maxPixels: number;
  /** MEDIA_DIR: where files are kept without S3; null for DATA_DIR/media. */
  dir: string | null;
  /** Set when S3_BUCKET is: an S3-compatible object store instead of the directory. */
  s3: S3Settings | null;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Attempts allowed within a window: per client address on the account routes (sign-in also per
 * account); per signed-in user, else client address, on the expensive routes (http/rate-limit.ts).
 */
export interface RateLimits {
  /** Failed sign-ins per client address, whatever the account. */
  signIn: RateLimitRule;
  /** Failed sign-ins per account, from all addresses (see docs/security.md for the lock-out). */
  signInAccount: RateLimitRule;
  /** Attempts per user at the routes that take the current password: e-mail and password change, deletion. */
  accountChange: RateLimitRule;
  register: RateLimitRule;
  passwordReset: RateLimitRule;
  /** GET /api/user/email/{email} and POST /api/tree (shared trees by owner e-mail), counted together. */
  emailLookup: RateLimitRule;
  contact: RateLimitRule;
  /** GEDCOM imports (POST /api/user/{userId}/tree/gedcom): a whole file parsed and written. */
  gedcomImport: RateLimitRule;
  /** Reports (GET /api/{treeId}/report/…): each one reads up to generations of a tree and may draw a PDF. */
  report: RateLimitRule;
  /** Lists and searches with a search term (`q`): the search page asks five lists per pause in typing. */
  search: RateLimitRule;
  /** Suggestion boxes (places, sources, place matching): a request per pause in typing. */
  suggestions: RateLimitRule;
}

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  signIn: { max: 10, windowMs: 5 * minute },
  signInAccount: { max: 20, windowMs: 15 * minute },
  accountChange: { max: 10, windowMs: 60 * minute },
  register: { max: 10, windowMs: 60 * minute },
  passwordReset: { max: 5, windowMs: 15 * minute },
  emailLookup: { max: 30, windowMs: 10 * minute },
  contact: { max: 10, windowMs: 60 * minute },
  gedcomImport: { max: 20, windowMs: 60 * minute },
  report: { max: 60, windowMs: minute },
  search: { max: 600, windowMs: minute },
  suggestions: { max: 300, windowMs: minute },
};

/** The same rule for every limit: tests and benchmarks that must not meet one by chance. */
export function uniformRateLimits(rule: RateLimitRule): RateLimits {
  const names = Object.keys(defaultRateLimits) as (keyof RateLimits)[];
  return Object.fromEntries(names.map((name) => [name, { ...rule }])) as unknown as RateLimits;
}

/** OpenStreetMap's standard tiles; heavy use needs a tile provider of one's own (see their tile usage policy). */
export const defaultMapTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultMapAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** 200 MB: a generated file of 100,000 persons with their events is about 25 MB. */
export const defaultGedcomMaxBytes = 200 * 1024 * 1024;

/** A whole number of milliseconds, 0 allowed (no limit); anything else keeps the default. */
function milliseconds(text: string | undefined, fallback: number): number {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return fallback;
  const value = Number.parseInt(text, 10);
  return Number.isSafeInteger(value) ? value : fallback;
}

function positiveInteger(text: string | undefined): number | null {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export { repoRoot };

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir,
    authSecret: env.AUTH_SECRET ?? '',
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'Anor <no-reply@anor.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@anor.local',
    payment: {
      number: env.PAYMENT_NUMBER ?? '',
      recipient: env.PAYMENT_RECIPIENT ?? '',
    },
    map: {
      tileUrl: env.MAP_TILE_URL?.trim() || defaultMapTileUrl,
      attribution: env.MAP_ATTRIBUTION?.trim() || defaultMapAttribution,
    },
    webDistDir:
      env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: defaultRateLimits,
    gedcomMaxBytes: positiveInteger(env.GEDCOM_MAX_BYTES) ?? defaultGedcomMaxBytes,
    paidNodeLimit: positiveInteger(env.PAID_NODE_LIMIT),
    jobStaleMs: positiveInteger(env.JOB_STALE_MS) ?? 30_000,
    demoTree: !['0', 'false', 'off', 'no'].includes((env.DEMO_TREE ?? '').trim().toLowerCase()),
    privacyLivingYears: positiveInteger(env.PRIVACY_LIVING_YEARS) ?? privacyRule.livingYears,
    databaseTimeouts: {
      connectMs: milliseconds(env.DATABASE_CONNECT_TIMEOUT_MS, defaultDatabaseTimeouts.connectMs),
      statementMs: milliseconds(env.DATABASE_STATEMENT_TIMEOUT_MS, defaultDatabaseTimeouts.statementMs),
      idleInTransactionMs: milliseconds(
        env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        defaultDatabaseTimeouts.idleInTransactionMs,
      ),
      jobStatementMs: milliseconds(env.DATABASE_JOB_TIMEOUT_MS, defaultDatabaseTimeouts.jobStatementMs),
    },
    media: readMediaConfig(env),
    redisUrl: env.REDIS_URL?.trim() || null,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'anor:',
    metrics: {
      enabled: (env.METRICS ?? '').trim() === '1' || Boolean(env.METRICS_TOKEN?.trim()),
      token: env.METRICS_TOKEN?.trim() || null,
    },
    shutdownTimeoutMs: milliseconds(env.SHUTDOWN_TIMEOUT_MS, 10_000),
  };
}

function readMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const bucket = env.S3_BUCKET?.trim();
  return {
    maxFileBytes: positiveInteger(env.MEDIA_MAX_FILE_BYTES) ?? MEDIA_MAX_FILE_BYTES,
    storageLimitBytes: positiveInteger(env.MEDIA_STORAGE_LIMIT_BYTES) ?? MEDIA_STORAGE_LIMIT_BYTES,
    maxPixels: positiveInteger(env.MEDIA_MAX_PIXELS) ?? 100_000_000,
    dir: env.MEDIA_DIR?.trim() ? path.resolve(env.MEDIA_DIR.trim()) : null,
    s3: bucket
      ? {
          bucket,
          region: env.S3_REGION?.trim() || 'us-east-1',
          endpoint: env.S3_ENDPOINT?.trim() || null,
          accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
          forcePathStyle: !['0', 'false', 'off', 'no'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
          prefix: env.S3_PREFIX?.trim() ?? '',
        }
      : null,
  };
}
