import { createServerFn } from '@tanstack/react-start';
import { QualityLogQuery } from '../../worker/contracts/quality';
import { idQuery } from '../../worker/contracts/validation';
import { qualityLog, qualityState } from '../../worker/domain/quality/manage';
import { signedIn } from './middleware';

/** A station's quality state (approvals, checks, what the subject may do): the chart page and the Quality tab read it. */
export const fetchQualityState = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(idQuery)
  .handler(({ context: { ctx }, data }) => qualityState(ctx, data));

/** A page of a station's audit log, newest first. */
export const fetchQualityLog = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(QualityLogQuery)
  .handler(({ context: { ctx }, data }) => qualityLog(ctx, data));
