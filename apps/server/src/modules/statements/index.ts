// The statements module's public functions: what other modules may use (the rest of its files are its own).
export { statementOf } from './statements.service.ts';
