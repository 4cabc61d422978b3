package io.streamscope.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Which checkpoint the window opens at start: {@code --checkpoint DIR} or the first argument that is not a flag,
 * else the default sample when it exists in the working directory, else none.
 */
final class LaunchArguments {

    static final String DEFAULT_SAMPLE = "sample-checkpoints/shop-totals-update";
    private static final String CHECKPOINT_FLAG = "--checkpoint";

    private LaunchArguments() {
    }

    static Optional<Path> checkpointToOpen(List<String> args, Path workingDirectory) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals(CHECKPOINT_FLAG)) {
                return i + 1 < args.size() ? Optional.of(workingDirectory.resolve(args.get(i + 1))) : Optional.empty();
            }
            if (arg.startsWith(CHECKPOINT_FLAG + "=")) {
                return Optional.of(workingDirectory.resolve(arg.substring(CHECKPOINT_FLAG.length() + 1)));
            }
            if (!arg.startsWith("-")) {
                return Optional.of(workingDirectory.resolve(arg));
            }
        }
        Path sample = workingDirectory.resolve(DEFAULT_SAMPLE);
        return Files.isDirectory(sample) ? Optional.of(sample) : Optional.empty();
    }
}
