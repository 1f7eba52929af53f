/** A list of reasons to pick one of (radio buttons), for cancelling an order or a line. */
import { CANCEL_REASONS } from '#lib/orders/index.ts';

interface Props {
  legend: string;
  value: string;
  onChange: (reason: string) => void;
}

export default function ReasonPicker({ legend, value, onChange }: Props) {
  return (
    <fieldset className="order-reasons">
      <legend>{legend}</legend>
      {CANCEL_REASONS.map((reason) => (
        <label key={reason}>
          <span>{reason}</span>
          <input
            type="radio"
            name="reason"
            value={reason}
            checked={value === reason}
            onChange={() => onChange(reason)}
          />
        </label>
      ))}
    </fieldset>
  );
}
