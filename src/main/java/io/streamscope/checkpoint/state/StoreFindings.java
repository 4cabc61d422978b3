package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Note;
import io.streamscope.checkpoint.Problem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The problems and notes a {@link StateReader} finds, each with the partition it concerns: threads reading different
 * partitions add to them at once, and {@link #inPartitionOrderSince} puts what they added back in partition order.
 */
final class StoreFindings {

    /** The partition of a finding about the store as a whole. */
    static final int WHOLE_STORE = -1;

    /** What was found up to a moment, for {@link #inPartitionOrderSince}. */
    record Mark(int problems, int notes) {
    }

    private record Found<T>(int partition, T what) {
    }

    private final List<Found<Problem>> problems = Collections.synchronizedList(new ArrayList<>());
    private final List<Found<Note>> notes = Collections.synchronizedList(new ArrayList<>());

    void problem(int partition, Problem problem) {
        problems.add(new Found<>(partition, problem));
    }

    void note(int partition, Note note) {
        notes.add(new Found<>(partition, note));
    }

    int problemCount() {
        return problems.size();
    }

    List<Problem> problems() {
        return whats(problems);
    }

    List<Note> notes() {
        return whats(notes);
    }

    Mark mark() {
        return new Mark(problems.size(), notes.size());
    }

    /** Sorts what was found since {@code mark} by partition, keeping each partition's findings in their order. */
    void inPartitionOrderSince(Mark mark) {
        sortSince(problems, mark.problems());
        sortSince(notes, mark.notes());
    }

    private static <T> List<T> whats(List<Found<T>> found) {
        synchronized (found) {
            return found.stream().map(Found::what).toList();
        }
    }

    private static <T> void sortSince(List<Found<T>> found, int from) {
        synchronized (found) {
            found.subList(from, found.size()).sort(Comparator.comparingInt(Found::partition));
        }
    }
}
