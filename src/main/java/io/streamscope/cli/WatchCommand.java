package io.streamscope.cli;

import io.streamscope.follow.Backoff;
import io.streamscope.follow.ChangeWait;
import io.streamscope.follow.CheckpointEvent;
import io.streamscope.follow.CheckpointFollower;
import io.streamscope.follow.CheckpointWatcher;
import io.streamscope.follow.FollowClock;
import io.streamscope.follow.PollingWait;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code watch CHECKPOINT [--until-batch N] [--timeout S] [--interval MS]}: one JSON line per event as Spark writes the
 * checkpoint ({@code metadata}, {@code planned}, {@code state}, {@code committed}, {@code problem}), what is already
 * there first; exits once batch N is committed, or at the timeout with {@code {"event":"timeout"}}. A local folder
 * is followed with a file watcher, other file systems by polling with backoff; {@code --interval} polls at that
 * interval instead. Never writes.
 */
final class WatchCommand implements Command {

    @Override
    public String usage() {
        return "watch CHECKPOINT_DIR [--until-batch N] [--timeout SECONDS] [--interval MS]";
    }

    @Override
    public int run(String[] args, PrintStream out) throws UsageException, CommandFailedException {
        Arguments flags = Arguments.parse(args, List.of("--until-batch", "--timeout", "--interval"));
        Path folder = flags.positionalPath();
        if (!Files.isDirectory(folder)) {
            throw new CommandFailedException(folder + " is not a folder");
        }
        Optional<Long> until = number(flags, "--until-batch");
        Optional<Long> timeout = number(flags, "--timeout");
        Optional<Long> interval = number(flags, "--interval");
        if (interval.isPresent() && (interval.get() < 10 || interval.get() > 600_000)) {
            throw new UsageException("--interval is between 10 and 600000 ms");
        }
        if (timeout.isPresent() && timeout.get() > 100L * 365 * 24 * 3600) {
            throw new UsageException("--timeout is at most 100 years");
        }
        FollowClock clock = FollowClock.SYSTEM;
        long deadline = timeout.map(s -> clock.nanoTime() + s * 1_000_000_000L).orElse(Long.MAX_VALUE);
        CheckpointWatcher watcher = new CheckpointWatcher(folder);
        try (ChangeWait wait = interval.<ChangeWait>map(ms -> new PollingWait(
                new Backoff(Duration.ofMillis(ms), Duration.ofMillis(ms), Duration.ofSeconds(30)), clock))
                .orElseGet(() -> ChangeWait.forCheckpoint(folder, clock))) {
            boolean reached = new CheckpointFollower(watcher, wait, clock).run(
                    () -> until.isPresent() && watcher.committed(until.get()), deadline, events -> print(events, out));
            if (!reached) {
                out.println("{\"event\":\"timeout\"}");
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Cli.OK;
    }

    private static void print(List<CheckpointEvent> events, PrintStream out) {
        for (CheckpointEvent event : events) {
            out.println(WatchEventJson.line(event));
        }
        out.flush();
    }

    private static Optional<Long> number(Arguments flags, String name) throws UsageException {
        Optional<String> text = flags.option(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            long value = Long.parseLong(text.get());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " takes a whole number, not " + text.get());
        }
    }
}
