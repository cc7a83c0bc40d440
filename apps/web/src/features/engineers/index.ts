// What other features may use of engineers (the lint rule 'features-through-index').
export { useEngineerReviewsQuery } from './api';
export { ReviewList } from './ReviewList';
export { RatingSummary, Stars } from './Stars';
