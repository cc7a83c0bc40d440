// A range filter (min and max typed in boxes) sends its values to the address after a pause
// in typing; the address then comes back to it as props. That echo may arrive after more
// typing (a slow device), so it must not reset the boxes: only an address changed from
// elsewhere (Clear filters, the back button) does.

export type Range = { min: string; max: string };

/** True when `address` is only what the boxes last sent coming back. */
export const isEchoOf = (sent: Range, address: Range): boolean =>
  sent.min === address.min && sent.max === address.max;
