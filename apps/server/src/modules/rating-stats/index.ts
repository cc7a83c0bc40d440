// Average rating and review count of users, read where pages show them (directory cards,
// public profiles, the project page's client block). A floor below the ratings feature, which
// writes ratings and checks them against their project.
export { ratingStatsFor, ratingStatsOf, ratingTotalsOf } from './rating-stats.ts';
