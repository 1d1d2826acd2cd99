/**
 * The one way a 折 rate is shown. Rates are stored as tenths of the price ("9" = 9折 = the buyer
 * pays 90%); Chinese readers read the rate itself ({{rate}} → "9折"), English readers the part
 * taken off ({{off}} → "10% off"). Every text with a rate gets both values from here and each
 * locale's resource picks the one its readers use.
 */
export function rateValues(rate: string | number): { rate: string; off: string } {
  const r = Number(rate);
  const text = String(rate).replace(/\.0+$/, "");
  if (!Number.isFinite(r)) return { rate: text, off: "" };
  return { rate: text, off: String(Math.round((10 - r) * 100) / 10) };
}
