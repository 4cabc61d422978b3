package io.streamscope.doctor;

import java.util.List;
import java.util.Map;

/**
 * How one source of a new checkpoint resumes where this one stopped.
 *
 * @param index   the source's index in the old checkpoint
 * @param kind    kafka, file, delta, rate, … as the checkpoint tells
 * @param options the reader options that resume it ({@code startingOffsets} as Spark's JSON text, …); empty when the
 *                source has none
 * @param notes   what the new query then reads again or skips
 */
public record SourceHandover(int index, String kind, Map<String, String> options, List<String> notes) {

    public SourceHandover {
        options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
        notes = List.copyOf(notes);
    }
}
