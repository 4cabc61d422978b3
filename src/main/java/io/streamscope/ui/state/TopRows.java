package io.streamscope.ui.state;

import io.streamscope.checkpoint.state.MarkedRecord;
import io.streamscope.checkpoint.state.StateRowDecoding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The rows a sort puts first, chosen in one pass over more rows than memory holds: at most {@code limit}, by the sort
 * column, ties in the pass's order, as {@link StateSelection}'s stable sort of every row would put them. Memory is the
 * chosen rows' only, whatever the rows passed.
 */
final class TopRows {

    /** The most rows a sort of a store too large to hold keeps. */
    static final int MOST = 100_000;
    /** What a chosen row takes while the pass runs: its record and arrays, its sort value, its place in the queue. */
    private static final int ROW_BYTES = 512;

    private record Candidate(Comparable<?> value, long order, MarkedRecord record, int elementIndex) {
    }

    private final StateRowDecoding decoding;
    private final String column;
    private final int limit;
    private final Comparator<Candidate> firstFirst;
    private final PriorityQueue<Candidate> lastFirst;
    private long passed;

    TopRows(StateQuery query, StateRowDecoding decoding, int limit) {
        this.decoding = decoding;
        this.column = query.sortColumn();
        this.limit = limit;
        Comparator<Candidate> byValue = (a, b) -> StateSelection.compare(a.value(), b.value());
        this.firstFirst = (query.ascending() ? byValue : byValue.reversed()).thenComparingLong(Candidate::order);
        this.lastFirst = new PriorityQueue<>(firstFirst.reversed());
    }

    /** The rows a budget of {@code bytes} holds while they are chosen, at most {@link #MOST} and at least one. */
    static int limitFor(long bytes) {
        return (int) Math.max(1, Math.min(MOST, bytes / ROW_BYTES));
    }

    /** A row of the pass; {@code elementIndex} a list element's index in its list, else -1. */
    void offer(MarkedRecord record, int elementIndex) {
        Candidate candidate = new Candidate(StateSelection.sortValue(decoding, column, record.partition(), record.mark(),
                elementIndex, record.key(), record.value()), passed++, record, elementIndex);
        if (lastFirst.size() < limit) {
            lastFirst.add(candidate);
        } else if (firstFirst.compare(candidate, lastFirst.peek()) < 0) {
            lastFirst.poll();
            lastFirst.add(candidate);
        }
    }

    /** Keeps the chosen rows in {@code store}, in the pass's order (the sort then puts them in its own). */
    void keepIn(StateRowStore store) {
        List<Candidate> chosen = new ArrayList<>(lastFirst);
        chosen.sort(Comparator.comparingLong(Candidate::order));
        for (Candidate candidate : chosen) {
            store.keep(candidate.record(), candidate.elementIndex());
        }
    }
}
