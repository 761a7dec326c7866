import { useId, useState } from 'react';

export interface RateCalculatorProps {
  /** Fixed part of the price, charged whatever the weight, in MXN with VAT. */
  basePrice: number;
  /** Price of each billable kilogram, in MXN with VAT. */
  perKg: number;
}

const MIN_WEIGHT_KG = 0.1;
const MAX_WEIGHT_KG = 70;

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Reads the text of the input without relying on DOM typings (the site compiles without the DOM lib). */
function inputText(target: object): string {
  const value: unknown = 'value' in target ? target.value : '';
  return typeof value === 'string' ? value : '';
}

/**
 * Estimates the price of a parcel from its weight: a base price plus a price per kilogram,
 * with the weight rounded up to the next whole kilogram. The real price comes from POST /quoter.
 * Rendered on the server with the default weight, then made interactive in the browser.
 */
export default function RateCalculator({ basePrice, perKg }: RateCalculatorProps) {
  const inputId = useId();
  const resultId = `${inputId}-result`;
  const [weightText, setWeightText] = useState('1');

  const weight = Number.parseFloat(weightText);
  const isValid = Number.isFinite(weight) && weight >= MIN_WEIGHT_KG && weight <= MAX_WEIGHT_KG;
  const billableKg = isValid ? Math.ceil(weight) : 0;
  const estimate = basePrice + perKg * billableKg;

  return (
    <div className="rate-calculator">
      <div className="rate-calculator__field">
        <label htmlFor={inputId}>Parcel weight (kg)</label>
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={MIN_WEIGHT_KG}
          max={MAX_WEIGHT_KG}
          step={0.1}
          value={weightText}
          aria-describedby={resultId}
          aria-invalid={!isValid}
          onChange={(event) => setWeightText(inputText(event.currentTarget))}
        />
      </div>
      <p className="rate-calculator__result" id={resultId} aria-live="polite">
        {isValid
          ? `Estimated price for ${billableKg} billable kg: ${mxn.format(estimate)}`
          : `Enter a weight between ${MIN_WEIGHT_KG} and ${MAX_WEIGHT_KG} kg.`}
      </p>
    </div>
  );
}
