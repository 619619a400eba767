import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { LoginRequest } from '@portal/domain';
import type { LoginErrors, LoginField } from './login-validation';

const fields: readonly LoginField[] = ['email', 'password'];

let validation: Promise<typeof import('./login-validation')> | undefined;
/** The rule's chunk (zod and the domain's login schema), fetched once: at the first key or on submit. */
function loadValidation() {
  // A chunk that failed to arrive (a dropped connection) is asked for again at the next try.
  validation ??= import('./login-validation').catch((error: unknown) => {
    validation = undefined;
    throw error;
  });
  return validation;
}

/**
 * The sign-in form's state, as react-hook-form with the zod resolver kept it (issue 13: /login
 * loads neither library): uncontrolled inputs, validated on submit by the domain's rule; after a
 * submit, a field is re-checked as it changes; a failed submit focuses the first wrong field.
 */
export function useLoginForm(onValid: (values: LoginRequest) => Promise<void>, onUnavailable: () => void) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  /**
   * A submit being checked or signing in: a second Enter meanwhile must not sign in twice, even
   * one that arrives before the disabled button is rendered (a slow phone).
   */
  const inFlight = useRef(false);

  const read = () => ({ email: inputs.current.email?.value ?? '', password: inputs.current.password?.value ?? '' });

  const recheck = useCallback(async (field: LoginField) => {
    const { validateLogin } = await loadValidation();
    const message = validateLogin(read()).errors?.[field];
    setErrors((current) => (current[field] === message ? current : { ...current, [field]: message }));
  }, []);

  const register = (field: LoginField) => ({
    name: field,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    onChange: () => {
      if (submitted.current) void recheck(field).catch(() => undefined);
      else void loadValidation().catch(() => undefined);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    submitted.current = true;
    inFlight.current = true;
    void loadValidation().then(({ validateLogin }) => {
      const result = validateLogin(read());
      if (result.errors) {
        inFlight.current = false;
        setErrors(result.errors);
        const first = fields.find((field) => result.errors[field] !== undefined);
        if (first) inputs.current[first]?.focus();
        return;
      }
      setErrors({});
      void onValid(result.values).finally(() => {
        inFlight.current = false;
      });
    }, () => {
      // The rule's chunk did not arrive: say so; pressing again asks for it again.
      inFlight.current = false;
      onUnavailable();
    });
  };

  return { register, handleSubmit, errors };
}
