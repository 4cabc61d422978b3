package io.streamscope.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Command arguments: one positional argument and {@code --flag value} (or {@code --flag=value}) options from a known
 * list; only the flags named repeatable may be given more than once.
 */
record Arguments(String positional, Map<String, List<String>> options) {

    static Arguments parse(String[] args, List<String> known) throws UsageException {
        return parse(args, known, List.of());
    }

    static Arguments parse(String[] args, List<String> known, List<String> repeatable) throws UsageException {
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
