package io.streamscope.checkpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Reads and parses many small log files on every core, in order: the files are cut into contiguous runs, each run is
 * parsed by one worker into its own {@link Findings}, and the runs' results and findings are joined in file order, so
 * the answer and its problems are exactly what one thread reading the files one after another would give. The
 * parser may be called on any of the workers (a cancellation it throws ends the whole read).
 */
final class OrderedFileParsing {

    /** Fewer files than this per worker are not worth a thread. */
    private static final int MIN_FILES_PER_RUN = 128;

    /** A parser of one file: what the answer holds for it, or null to leave the file out of the answer. */
    interface FileParser<F, T> {
        T parse(FolderAccess access, F file);
    }

    private OrderedFileParsing() {
    }

    /** What {@code parser} gives for each of {@code files}, in their order, the nulls left out. */
    static <F, T> List<T> parseAll(FolderAccess access, List<F> files, FileParser<F, T> parser) {
        int workers = Math.min(Runtime.getRuntime().availableProcessors(), files.size() / MIN_FILES_PER_RUN);
        if (workers <= 1) {
            return parseRun(access, files, parser);
        }
        int runs = workers * 4; // several runs per worker, so one slow run does not leave a core idle at the end
        int perRun = (files.size() + runs - 1) / runs;
        List<Run<T>> done = IntStream.range(0, runs).parallel().mapToObj(run -> {
            List<F> slice = files.subList(Math.min(files.size(), run * perRun), Math.min(files.size(), (run + 1) * perRun));
            Findings findings = new Findings();
            return new Run<>(parseRun(access.reportingTo(findings), slice, parser), findings);
        }).toList();
        List<T> results = new ArrayList<>(files.size());
        for (Run<T> run : done) {
            results.addAll(run.results());
            access.findings().addAll(run.findings());
        }
        return results;
    }

    private static <F, T> List<T> parseRun(FolderAccess access, List<F> files, FileParser<F, T> parser) {
        List<T> results = new ArrayList<>(files.size());
        for (F file : files) {
            T result = parser.parse(access, file);
            if (result != null) {
                results.add(result);
            }
        }
        return results;
    }

    private record Run<T>(List<T> results, Findings findings) {
    }
}
