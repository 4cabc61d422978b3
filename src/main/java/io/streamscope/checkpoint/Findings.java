package io.streamscope.checkpoint;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems and notes met while reading one folder; a reader passes it down instead of throwing. */
public final class Findings {

    private final List<Problem> problems = new ArrayList<>();
    private final List<Note> notes = new ArrayList<>();

    public void problem(String path, String where, String message) {
        problems.add(Problem.error(path, where, message));
    }

    public void problem(String path, FormatException e) {
        problem(path, e.where(), e.getMessage());
    }

    public void warning(String path, String where, String message) {
        problems.add(new Problem(path, where, message, Problem.Severity.WARNING));
    }

    public void note(String path, String message) {
        notes.add(new Note(path, message));
    }

    /** Appends everything {@code other} collected, after what this one holds. */
    void addAll(Findings other) {
        problems.addAll(other.problems);
        notes.addAll(other.notes);
    }

    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    public List<Note> notes() {
        return List.copyOf(notes);
    }
}
