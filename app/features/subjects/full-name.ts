import type { SessionUser } from '../../../worker/contracts/site';

/** How a subject is named on screen: first and second name. */
export const fullName = (subject: Pick<SessionUser, 'firstName' | 'secondName'>) => `${subject.firstName} ${subject.secondName}`.trim();
