// The contact e-mail form of signed-out visitors (docs/PRODUCT.md#api POST /api/contact).
import type { ContactInfo, ContactInput } from '@app/shared';
import { api } from '../../lib/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactInfo: build.query<ContactInfo, void>({
      query: () => '/contact/info',
    }),
    sendContactEmail: build.mutation<{ message: string }, ContactInput>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useGetContactInfoQuery, useSendContactEmailMutation } = contactApi;
