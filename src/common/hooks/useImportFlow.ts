import { useState } from 'react';

/** A file the user chose, with what the browser read of it (a preview, a parse, why it could not). */
export interface ChosenImport<Read> {
  file: File;
  read: Read;
}

export interface ImportFlowOptions<Read, Outcome> {
  /** Reads the chosen file in the browser; it never throws (an unreadable file is a value too). */
  read: (file: File) => Promise<Read>;
  /** Sends the chosen file (or what was read of it); `progress` takes the upload's percent. */
  run: (chosen: ChosenImport<Read>, progress: (percent: number) => void) => Promise<Outcome>;
  /** The outcome of a run that failed (the call threw). */
  failed: (error: unknown) => Outcome;
  /** After each run, with its outcome: messages, what to read again. Awaited before the run ends. */
  settled?: (outcome: Outcome, chosen: ChosenImport<Read>) => void | Promise<void>;
}

/**
 * The controller of every import screen: choose a file, read it in the browser (what the page
 * previews), run the import with its progress, keep the outcome. The screen says how a file is
 * read, how it is sent and what a failure means; the common view (`ImportFlowCard`) shows the
 * choosing, and the screen its preview, options and outcome.
 */
export const useImportFlow = <Read, Outcome>({
  read,
  run,
  failed,
  settled,
}: ImportFlowOptions<Read, Outcome>) => {
  const [chosen, setChosen] = useState<ChosenImport<Read> | null>(null);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** A file was chosen: the last outcome goes, the file is read. */
  const choose = async (file: File) => {
    setOutcome(null);
    setReading(true);
    try {
      setChosen({ file, read: await read(file) });
    } finally {
      setReading(false);
    }
  };

  /** Runs the import of the chosen file (nothing without one). */
  const submit = async () => {
    if (!chosen) return;
    setProgress(0);
    try {
      let answer: Outcome;
      try {
        answer = await run(chosen, setProgress);
      } catch (error) {
        answer = failed(error);
      }
      setOutcome(answer);
      await settled?.(answer, chosen);
    } finally {
      setProgress(null);
    }
  };

  return {
    chosen,
    /** The chosen file is being read. */
    reading,
    /** The import is running. */
    running: progress !== null,
    /** The upload's percent while the import runs, else null. */
    progress,
    outcome,
    choose,
    submit,
    /** Forgets the chosen file (the outcome stays). */
    clear: () => setChosen(null),
    /** Starts over: no file, no outcome. */
    reset: () => {
      setChosen(null);
      setOutcome(null);
    },
  };
};

export type ImportFlow<Read, Outcome> = ReturnType<typeof useImportFlow<Read, Outcome>>;
