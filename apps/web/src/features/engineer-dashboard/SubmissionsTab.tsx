// 'Submissions' tab: the engineer's submissions, from the submissions feature.
export { EngineerSubmissionsTab as SubmissionsTab } from '../submissions';
