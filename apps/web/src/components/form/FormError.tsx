// The one place a form or dialog says why the server refused a save (lib/apiErrors.ts
// `formRefusal`): read out by screen readers as it appears, above the form's buttons.
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="alert-error">
      {message}
    </p>
  );
}
