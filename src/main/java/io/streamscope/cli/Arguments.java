package io.streamscope.cli;

import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.LocationException;
import io.streamscope.storage.Locations;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Command arguments: one positional argument and {@code --flag value} (or {@code --flag=value}) options from a known
 * list; only the flags named repeatable may be given more than once. Every command takes {@code --conf KEY=VALUE}
 * (repeatable): Hadoop settings for the remote paths among its arguments ({@link #path}).
 */
record Arguments(String positional, Map<String, List<String>> options) {

    static Arguments parse(String[] args, List<String> known) throws UsageException {
        return parse(args, known, List.of());
    }

    static final String CONF = "--conf";

    static Arguments parse(String[] args, List<String> known, List<String> repeatable) throws UsageException {
        known = withConf(known);
        repeatable = withConf(repeatable);
        List<String> positional = new ArrayList<>();
        Map<String, List<String>> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                positional.add(arg);
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!known.contains(name)) {
                throw new UsageException("unknown flag " + name);
            }
            String value;
            if (arg.contains("=")) {
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException(name + " needs a value");
            }
            List<String> values = options.computeIfAbsent(name, k -> new ArrayList<>());
            if (!values.isEmpty() && !repeatable.contains(name)) {
                throw new UsageException(name + " is given twice");
            }
            values.add(value);
        }
        if (positional.size() != 1) {
            throw new UsageException(positional.isEmpty() ? "missing the checkpoint folder"
                    : "expected one folder, got " + positional.size() + ": " + positional);
        }
        options.replaceAll((name, values) -> List.copyOf(values));
        return new Arguments(positional.get(0), Map.copyOf(options));
    }

    private static List<String> withConf(List<String> flags) {
        List<String> all = new ArrayList<>(flags);
        all.add(CONF);
        return all;
    }

    /** The Hadoop settings of {@code --conf KEY=VALUE} ({@code spark.hadoop.} stripped). */
    HadoopSettings hadoop() throws UsageException {
        return hadoop(all(CONF));
    }

    static HadoopSettings hadoop(List<String> pairs) throws UsageException {
        try {
            return HadoopSettings.parse(pairs);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** A path argument: a local path or a remote URI, read with the {@code --conf} settings. */
    Path path(String pathOrUri) throws UsageException, CommandFailedException {
        return path(pathOrUri, hadoop());
    }

    static Path path(String pathOrUri, HadoopSettings settings) throws CommandFailedException {
        try {
            return Locations.open(pathOrUri, settings);
        } catch (LocationException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }

    /** The positional argument as a path ({@link #path}). */
    Path positionalPath() throws UsageException, CommandFailedException {
        return path(positional);
    }

    Optional<String> option(String name) {
        List<String> values = options.get(name);
        return values == null ? Optional.empty() : Optional.of(values.get(0));
    }

    /** Every value of a repeatable flag, in the order given. */
    List<String> all(String name) {
        return options.getOrDefault(name, List.of());
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    Optional<Long> longOption(String name) throws UsageException {
        Optional<String> value = option(name);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            long number = Long.parseLong(value.get());
            if (number < 0) {
                throw new NumberFormatException();
            }
            return Optional.of(number);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " needs a whole number ≥ 0, got \"" + value.get() + "\"");
        }
    }
}
