// Countries where licences are issued and projects are located, with their states
// (docs/PRODUCT.md#data: 50 US states and 8 Australian states and territories).

export const COUNTRIES = ['USA', 'Australia'] as const;
export type Country = (typeof COUNTRIES)[number];

export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;

export const AU_STATES = [
  'Australian Capital Territory',
  'New South Wales',
  'Northern Territory',
  'Queensland',
  'South Australia',
  'Tasmania',
  'Victoria',
  'Western Australia',
] as const;

export const STATES_BY_COUNTRY: Record<Country, readonly string[]> = {
  USA: US_STATES,
  Australia: AU_STATES,
};

/** The states a form offers for a country; none until a country is chosen. */
export function statesFor(country: string | null | undefined): readonly string[] {
  return country && country in STATES_BY_COUNTRY ? STATES_BY_COUNTRY[country as Country] : [];
}

export function isStateOf(country: string | null | undefined, state: string | null | undefined): boolean {
  return !!state && statesFor(country).includes(state);
}
