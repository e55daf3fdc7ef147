// A tiny toast system: a provider at the root, `useToast().show()` anywhere, and toasts flashed by
// the server (a one-shot cookie read by the root loader) shown on the next render.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { IconAlert, IconCheck, IconX } from "./icons";

export type ToastType = "success" | "error" | "info";
export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
}
interface Toast extends Required<Pick<ToastInput, "message">> {
  id: number;
  type: ToastType;
  title: string;
}

const defaultTitle: Record<ToastType, string> = { success: "Success!", error: "Error!", info: "" };

const ToastContext = createContext<{ show(toast: ToastInput): void }>({ show: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children, flash }: { children: React.ReactNode; flash?: ToastInput | null }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (input: ToastInput) => {
      const type = input.type ?? "info";
      const toast: Toast = { id: nextId.current++, type, title: input.title ?? defaultTitle[type], message: input.message };
      setToasts((all) => [...all.slice(-3), toast]);
      window.setTimeout(() => dismiss(toast.id), 5000);
    },
    [dismiss],
  );
  // A toast flashed by the server arrives in the root loader's data once.
  useEffect(() => {
    if (flash) show(flash);
  }, [flash, show]);
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.type === "error" ? "alert" : "status"}
            className="pointer-events-auto flex animate-toast-in items-start gap-3 rounded-lg border border-neutral-200 bg-surface p-3 shadow-lg shadow-neutral-900/10"
          >
            <span
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full ${
                toast.type === "error"
                  ? "bg-red-100 text-red-600 dark:bg-red-950/60 dark:text-red-400"
                  : toast.type === "success"
                    ? "bg-emerald-100 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400"
                    : "bg-brand-100 text-brand-600 dark:text-brand-400"
              }`}
            >
              {toast.type === "error" ? <IconAlert size={12} /> : <IconCheck size={12} />}
            </span>
            <div className="min-w-0 flex-1 text-sm">
              {toast.title ? <p className="font-medium text-neutral-900">{toast.title}</p> : null}
              <p className="text-neutral-600">{toast.message}</p>
            </div>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded p-0.5 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700"
              aria-label="Dismiss notification"
            >
              <IconX size={14} />
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
