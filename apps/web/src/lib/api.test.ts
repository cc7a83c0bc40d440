import { describe, expect, it } from 'vitest';
import { errorMessage, requestErrorMessage } from './api';

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
