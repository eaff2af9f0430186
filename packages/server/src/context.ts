import type { Redis } from 'ioredis';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import {
  createKnownAddresses,
  createRateLimiter,
  type KnownAddresses,
  type LimitStore,
  type RateLimiter,
} from './http/limiters.ts';
import type { Mailer } from './mail/mailer.ts';
import { type ContactService, createContactService } from './modules/contact/contact.service.ts';
import { createEventService, type EventService } from './modules/event/event.service.ts';
import { registerGedcomImportJob } from './modules/gedcom/gedcom.job.ts';
import { createGedcomService, type GedcomService } from './modules/gedcom/gedcom.service.ts';
import { createJobService, type JobService } from './modules/job/job.service.ts';
import { createLocationService, type LocationService } from './modules/location/location.service.ts';
import { createMediaService, type MediaService } from './modules/media/media.service.ts';
import { createMediaStorage } from './modules/media/storage/index.ts';
import type { MediaStorage } from './modules/media/storage/storage.ts';
import { createNoteService, type NoteService } from './modules/note/note.service.ts';
import { createOverviewService, type OverviewService } from './modules/overview/overview.service.ts';
import { createPersonService, type PersonService } from './modules/person/person.service.ts';
import { createReportService, type ReportService } from './modules/report/report.service.ts';
import { createSearchService, type SearchService } from './modules/search/search.service.ts';
import { createSourceService, type SourceService } from './modules/source/source.service.ts';
import { createTreeService, type TreeService } from './modules/tree/tree.service.ts';
import { createUserService, type UserService } from './modules/user/user.service.ts';

/** What the routes need, built once per app: the database, auth, mail, services and limiters. */
export interface AppContext {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  users: UserService;
  trees: TreeService;
  persons: PersonService;
  locations: LocationService;
  events: EventService;
  notes: NoteService;
  /** Photos and scanned documents (issue 22), with the storage of their files. */
  media: MediaService;
  mediaStorage: MediaStorage;
  sources: SourceService;
  overview: OverviewService;
  reports: ReportService;
  search: SearchService;
  gedcom: GedcomService;
  /** Long work run outside the request (GEDCOM imports); started and stopped with the app. */
  jobs: JobService;
  contact: ContactService;
  limiters: Record<keyof Config['rateLimits'], RateLimiter>;
  /** The addresses each account signed in from (http/limiters.ts), shared like the limiters. */
  knownAddresses: KnownAddresses;
  /** REDIS_URL's client, shared by the instances' limits; null without one. */
  redis: Redis | null;
}

/** `storage`: what the embedded database says of its disk (db/client.ts `Database.freeBytes`). */
export function createContext(
  config: Config,
  db: Db,
  auth: Auth,
  mailer: Mailer,
  storage: { freeBytes?: (() => Promise<number>) | undefined; embedded?: boolean } = {},
  redis: Redis | null = null,
): AppContext {
  // Limits are counted in Redis when there is one (several instances, one allowance), else in memory.
  const limitStore: LimitStore = redis
    ? { kind: 'redis', client: redis, prefix: config.redisPrefix }
    : { kind: 'memory' };
  const limiters = Object.fromEntries(
    Object.entries(config.rateLimits).map(([name, rule]) => [name, createRateLimiter(name, rule, limitStore)]),
  ) as AppContext['limiters'];
  // As long as a session lasts (auth/auth.ts).
  const knownAddresses = createKnownAddresses(limitStore, 30 * 24 * 60 * 60 * 1000);
  const users = createUserService({ db, auth, mailer, supportEmail: config.supportEmail });
  const gedcom = createGedcomService({
    db,
    maxPaidBytes: config.gedcomMaxBytes,
    paidNodeLimit: config.paidNodeLimit,
    jobStatementMs: config.databaseTimeouts.jobStatementMs,
    freeBytes: storage.freeBytes,
    embedded: storage.embedded ?? true,
  });
  const jobs = createJobService({
    db,
    embedded: storage.embedded ?? true,
    staleMs: config.jobStaleMs,
    heartbeatMs: Math.max(200, Math.min(2_000, Math.round(config.jobStaleMs / 4))),
    // Looked at a few times per staleness, so a stopped server's job is failed soon after it is stale.
    sweepMs: Math.max(500, Math.min(10_000, Math.round(config.jobStaleMs / 3))),
  });
  registerGedcomImportJob(jobs, gedcom, users);
  const mediaStorage = createMediaStorage(config.media, config.dataDir);
  return {
    config,
    db,
    auth,
    mailer,
    users,
    trees: createTreeService({ db, livingYears: config.privacyLivingYears }),
    persons: createPersonService({ db, livingYears: config.privacyLivingYears }),
    locations: createLocationService({ db }),
    events: createEventService({ db, livingYears: config.privacyLivingYears }),
    notes: createNoteService({ db }),
    media: createMediaService({
      db,
      storage: mediaStorage,
      config: config.media,
      livingYears: config.privacyLivingYears,
    }),
    mediaStorage,
    sources: createSourceService({ db, livingYears: config.privacyLivingYears }),
    overview: createOverviewService({ db, livingYears: config.privacyLivingYears }),
    reports: createReportService({ db, livingYears: config.privacyLivingYears }),
    search: createSearchService({ db, livingYears: config.privacyLivingYears }),
    gedcom,
    jobs,
    contact: createContactService({ db, mailer, supportEmail: config.supportEmail }),
    limiters,
    knownAddresses,
    redis,
  };
}
