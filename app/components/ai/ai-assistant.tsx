// The AI helpers of the editors: the assistant (a popover beside its "AI" button: a task, the answer
// as it streams in, "Use this response" to put it into the editor, the requests left this month),
// and the button that writes a description from a title. Both are shown only when the server has
// AI configured; the caller checks `useServiceFeatures().ai`.
import { Popover } from "@ark-ui/react/popover";
import { useEffect, useId, useRef, useState } from "react";
import {
  AI_DESCRIPTION,
  AI_EMPTY_ANSWER,
  AI_GENERIC_FAILURE,
  AI_MONTHLY_QUOTA,
  AI_PROMPT_MAX,
  AI_QUOTA_REACHED,
  AiAssistantInput,
  type AiAnswer,
} from "../../../workers/domain/schemas/ai-assistant";
import { type ActionFailure, useApiCall } from "~/hooks/use-action";
import { useCheckToast } from "~/hooks/use-check-toast";
import { askAi, fetchAiQuota, streamAi } from "~/lib/ai-assistant";
import { StaticRichText } from "../editor";
import { icon } from "../icons";
import { FieldError, Spinner, buttonClass, inputClass } from "../ui";

export const IconSparkles = icon("sparkles");

/** The toast message of a failed AI request: the quota's words once it is used up, the general one otherwise. */
export function aiFailureMessage(failure: ActionFailure) {
  return failure.kind === "QuotaExceeded" ? AI_QUOTA_REACHED : AI_GENERIC_FAILURE;
}

/** Plain text of editor HTML, sent as the text the task works on. */
export function textOfHtml(html: string) {
  // Each block on its own line, as the person sees it.
  const lines = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, "$&\n");
  const doc = new window.DOMParser().parseFromString(`<body>${lines}</body>`, "text/html");
  return (doc.body.textContent ?? "").trim();
}

/** The look of the small AI buttons beside an editor. */
const aiButtonClass =
  "inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900";

type Answer = { phase: "idle" } | { phase: "streaming"; text: string } | { phase: "done"; answer: AiAnswer };

function AssistantPanel({
  slug,
  projectId,
  prompt,
  onUse,
}: {
  slug: string;
  projectId: string;
  prompt: () => string;
  onUse(html: string): void;
}) {
  const run = useApiCall();
  const [task, setTask] = useState("");
  const [taskError, setTaskError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>({ phase: "idle" });
  const [remaining, setRemaining] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const taskId = useId();

  useEffect(() => {
    let live = true;
    fetchAiQuota(slug, projectId)
      .then((quota) => live && setRemaining(quota.remaining))
      .catch(() => {});
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, [slug, projectId]);

  async function generate() {
    const parsed = AiAssistantInput.shape.task.safeParse(task);
    if (!parsed.success) {
      setTaskError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setTaskError(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAnswer({ phase: "streaming", text: "" });
    // A very long text is sent up to the size the server accepts rather than refused.
    const text = prompt().slice(0, AI_PROMPT_MAX);
    const done = await run(
      () => streamAi(slug, projectId, { prompt: text, task: parsed.data }, (grown) => setAnswer({ phase: "streaming", text: grown }), controller.signal),
      {
        signal: controller.signal,
        message: aiFailureMessage,
        onError: (failure) => {
          setAnswer({ phase: "idle" });
          if (failure.kind === "QuotaExceeded") setRemaining(0);
        },
      },
    );
    if (!done) return;
    setAnswer({ phase: "done", answer: done.value });
    setRemaining(done.value.remaining);
  }

  const busy = answer.phase === "streaming";
  const usable = answer.phase === "done" && answer.answer.response_html !== "" ? answer.answer.response_html : null;
  return (
    // Not a form: the panel sits inside the editor's own form (the issue form, a block's form).
    <div className="space-y-3 p-3">
      {answer.phase === "streaming" && answer.text === "" ? (
        <p className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner className="size-3.5" /> Generating response...
        </p>
      ) : null}
      {answer.phase === "streaming" && answer.text !== "" ? (
        <div data-testid="ai-answer" aria-live="polite" className="max-h-64 overflow-y-auto text-sm whitespace-pre-wrap text-neutral-800">
          {answer.text}
        </div>
      ) : null}
      {answer.phase === "done" ? (
        usable ? (
          <div data-testid="ai-answer" className="max-h-64 overflow-y-auto rounded-md bg-neutral-50 p-2 text-sm">
            <StaticRichText html={usable} />
          </div>
        ) : (
          <p role="status" className="text-sm text-neutral-600">
            {AI_EMPTY_ANSWER}
          </p>
        )
      ) : null}
      <div>
        <label htmlFor={taskId} className="sr-only">
          Task
        </label>
        <input
          id={taskId}
          value={task}
          onChange={(event) => setTask(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks, and must not submit the editor's form around the panel.
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (!busy) void generate();
          }}
          placeholder="Tell AI what action to perform..."
          autoComplete="off"
          aria-invalid={taskError ? true : undefined}
          aria-describedby={taskError ? `${taskId}-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${taskId}-error`} errors={taskError ? [taskError] : null} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-xs text-neutral-500">
          {remaining === null ? "\u00a0" : `${remaining} of ${AI_MONTHLY_QUOTA} requests left this month`}
        </span>
        {usable ? (
          <button type="button" className={buttonClass("secondary", "sm", "px-2")} onClick={() => onUse(usable)}>
            Use this response
          </button>
        ) : null}
        <button type="button" className={buttonClass("primary", "sm", "px-2")} disabled={busy} onClick={() => void generate()}>
          {busy ? <Spinner className="size-3.5" /> : null}
          {busy ? "Generating..." : "Generate"}
        </button>
      </div>
    </div>
  );
}

/** The "AI" button and its assistant popover; `onUse` gets the answer's sanitised HTML. */
export function AiAssistantButton({
  slug,
  projectId,
  prompt,
  onUse,
  align = "end",
  className = "",
}: {
  slug: string;
  projectId: string;
  /** The text the task works on, read when Generate is pressed (the editor's content). */
  prompt: () => string;
  onUse(html: string): void;
  /** Which edge of the button the panel lines up with: its left (start) or its right (end). */
  align?: "start" | "end";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: `bottom-${align}`, gutter: 6, fitViewport: true }}
      portalled={false}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger
        type="button"
        aria-label="AI assistant"
        className={`${aiButtonClass} ${className}`}
      >
        <IconSparkles size={14} />
        AI
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content
          aria-label="AI assistant"
          // Escape closes the panel only, not the editor around it.
          onKeyDown={(event) => {
            if (event.key === "Escape") event.stopPropagation();
          }}
          className="z-[60] w-[min(32rem,calc(100vw-1rem))] rounded-lg border border-neutral-200 bg-surface shadow-lg outline-none"
        >
          <AssistantPanel
            slug={slug}
            projectId={projectId}
            prompt={prompt}
            onUse={(html) => {
              onUse(html);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

/**
 * Writes the description of an issue or a page block from its title: the answer replaces the
 * description. An empty answer means the title says too little, and the toast says so.
 */
export function AiDescriptionButton({
  slug,
  projectId,
  of,
  title,
  onGenerated,
  className = "",
}: {
  slug: string;
  projectId: string;
  of: keyof typeof AI_DESCRIPTION;
  title: string;
  onGenerated(html: string): void;
  className?: string;
}) {
  const tell = useCheckToast();
  const run = useApiCall();
  const [busy, setBusy] = useState(false);
  const blank = title.trim() === "";
  return (
    <button
      type="button"
      disabled={busy || blank}
      title={blank ? "Type a title first" : undefined}
      className={`${aiButtonClass} disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
      onClick={async () => {
        setBusy(true);
        const answer = await run(() => askAi(slug, projectId, { prompt: title.trim(), task: AI_DESCRIPTION[of].task }), { message: aiFailureMessage });
        setBusy(false);
        if (!answer) return;
        // An empty answer is no failure of the call: the title says too little.
        if (answer.value.response_html === "") tell(AI_DESCRIPTION[of].empty);
        else onGenerated(answer.value.response_html);
      }}
    >
      {busy ? <Spinner className="size-3.5" /> : <IconSparkles size={14} />}
      {busy ? "Generating..." : "Generate description"}
    </button>
  );
}
