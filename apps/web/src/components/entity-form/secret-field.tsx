import { TextField, type TextFieldProps } from '@mui/material';

export type SecretFieldProps = Omit<TextFieldProps, 'type' | 'placeholder' | 'slotProps'> & {
  /** The stored value's mask from the server (never the secret), or null when none is stored. */
  stored: string | null | undefined;
  /** Said in the empty field when nothing is stored. */
  notSet: string;
};

/**
 * A write-only field (a password, a key): it starts empty, shows the stored value's mask as a placeholder,
 * and the form sends it only when something is typed.
 */
export function SecretField({ stored, notSet, ...props }: SecretFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      placeholder={stored ?? notSet}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { autoComplete: 'new-password', 'data-secret': 'true' },
      }}
    />
  );
}
