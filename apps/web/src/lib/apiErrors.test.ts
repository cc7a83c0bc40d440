import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, requestErrorMessage } from './apiErrors';

describe('requestErrorMessage', () => {
  const refused = { status: 409, data: { message: 'This payment has already been refunded.' } };
  it("shows the server's message when it refused the request itself (4xx)", () => {
    expect(requestErrorMessage(refused, 'Failed.')).toBe('This payment has already been refunded.');
    expect(requestErrorMessage({ status: 404, data: {} }, 'Failed.')).toBe('Failed.');
  });
  it("shows the page's own text when the server or the network failed", () => {
    expect(
      requestErrorMessage({ status: 500, data: { message: 'Server error. Try again later.' } }, 'Failed.'),
    ).toBe('Failed.');
    expect(requestErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, 'Failed.')).toBe('Failed.');
    expect(requestErrorMessage(undefined, 'Failed.')).toBe('Failed.');
    // errorMessage, by contrast, shows whatever message came back.
    expect(
      errorMessage({ status: 500, data: { message: 'Server error. Try again later.' } }, 'Failed.'),
    ).toBe('Server error. Try again later.');
  });
});

describe('errorCode', () => {
  it("answers the server's error code from the shared union, nothing for anything else", () => {
    expect(errorCode({ status: 404, data: { message: 'Project not found', code: 'NOT_FOUND' } })).toBe(
      'NOT_FOUND',
    );
    expect(errorCode({ status: 409, data: { message: 'x', code: 'CONFLICT' } })).toBe('CONFLICT');
    expect(errorCode({ status: 500, data: { message: 'x', code: 'toString' } })).toBeUndefined();
    expect(errorCode({ status: 500, data: { message: 'x' } })).toBeUndefined();
    expect(errorCode({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});
