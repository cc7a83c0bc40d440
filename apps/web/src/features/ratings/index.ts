// What other features may use of ratings (the lint rule 'features-through-index').

export { useRatingCheckQuery } from './api';
export { RateCounterpart } from './RateCounterpart';
export { RateEngineerButton } from './RateEngineerButton';
export { ReviewsPanel } from './ReviewsPanel';
