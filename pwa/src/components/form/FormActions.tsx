// The end of a form: its submit button (the primary action, off while the form is being sent,
// saying so) and, in a dialog or an editor, the Cancel button before it.
import { Button, type ButtonSize } from '../Button';

interface SubmitButtonProps {
  /** Translated label of the action. */
  label: string;
  /** True while the form is being sent: the button is off and says `pendingLabel`. */
  pending: boolean;
  /** Translated label while pending ("Saving…"); the same `label` when not given. */
  pendingLabel?: string;
  /** Off for another reason too (the form cannot be sent yet). */
  disabled?: boolean;
  size?: ButtonSize;
  className?: string;
}

/** A form's submit button. */
export function SubmitButton({ label, pending, pendingLabel = label, disabled, size, className }: SubmitButtonProps) {
  return (
    <Button variant="primary" type="submit" size={size} className={className} disabled={disabled || pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

interface FormActionsProps extends SubmitButtonProps {
  /** Closes without sending; no Cancel button without it. */
  onCancel?: () => void;
  /** Translated label of the Cancel button. */
  cancelLabel?: string;
  /** Classes of the Cancel button. */
  cancelClassName?: string;
  /** Classes of the row; the buttons sit at its right by default. */
  rowClassName?: string;
}

/** A form's last row: Cancel (when `onCancel` is given), then the submit button. */
export function FormActions({ onCancel, cancelLabel, cancelClassName, rowClassName = 'flex justify-end gap-3', ...submit }: FormActionsProps) {
  return (
    <div className={rowClassName}>
      {onCancel && (
        <Button className={cancelClassName} onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <SubmitButton {...submit} />
    </div>
  );
}
