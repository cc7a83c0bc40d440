import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, formRefusal, requestErrorMessage } from './apiErrors';

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

describe('formRefusal', () => {
  const fields = ['description', 'amount'] as const;
  it('puts field messages under the form’s own fields', () => {
    const refused = {
      status: 400,
      data: { message: 'Valid amount is required.', fields: { amount: 'Valid amount is required.' } },
    };
    expect(formRefusal(refused, fields, 'Failed.')).toEqual({
      fields: { amount: 'Valid amount is required.' },
      message: null,
    });
  });
  it('answers a message for the top of the form when no field takes it', () => {
    const conflict = { status: 409, data: { message: 'Only pending proposals can be changed.' } };
    expect(formRefusal(conflict, fields, 'Failed.')).toEqual({
      fields: {},
      message: 'Only pending proposals can be changed.',
    });
    // A field the form does not have is not lost either.
    const elsewhere = {
      status: 400,
      data: { message: 'Project ID is missing.', fields: { project_id: 'x' } },
    };
    expect(formRefusal(elsewhere, fields, 'Failed.').message).toBe('Project ID is missing.');
    expect(formRefusal({ status: 'FETCH_ERROR', error: 'TypeError' }, fields, 'Failed.').message).toBe(
      'Failed.',
    );
  });
});
