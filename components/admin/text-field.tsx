/**
 * A labelled text input whose errors show under it, tied to it by aria-describedby and aria-invalid; `resetKey`
 * remounts it when the form's answer carries new values (what was typed, or what was stored).
 */
export function TextField({
  id,
  name,
  label,
  value,
  errors,
  hint,
  type = "text",
  resetKey,
  className = "w-full",
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  errors: string[];
  hint?: string;
  type?: "text" | "email" | "url" | "tel";
  resetKey: string;
  className?: string;
}) {
  const described = [hint ? `${id}-hint` : "", errors.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        key={`${name}:${value}:${resetKey}`}
        aria-invalid={errors.length > 0}
        aria-describedby={described || undefined}
        className={`mt-1 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700 ${className}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
