package io.streamscope.replay;

import io.streamscope.replay.query.JobTrigger;

import java.util.List;
import java.util.Optional;

/**
 * What a replay ran with, whatever its outcome.
 *
 * @param mode      the output mode
 * @param query     the query's text (the job's query part, or the query given); empty without one
 * @param trigger   the job's trigger, if it states one
 * @param sources   each source of the checkpoint and how it is decoded
 * @param notes     remarks on the set-up (a schema inferred, a job query chosen among several)
 */
public record ReplaySetup(OutputMode mode, Optional<String> query, Optional<JobTrigger> trigger,
                          List<SourceSetup> sources, List<String> notes) {

    public ReplaySetup {
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
    }
}
