package io.streamscope.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Command arguments: one positional argument and {@code --flag value} options from a known list. */
record Arguments(String positional, Map<String, String> options) {

    static Arguments parse(String[] args, List<String> known) throws UsageException {
        List<String> positional = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("--")) {
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
                if (options.put(name, value) != null) {
                    throw new UsageException(name + " is given twice");
                }
            } else {
                positional.add(arg);
            }
        }
        if (positional.size() != 1) {
            throw new UsageException(positional.isEmpty() ? "missing the checkpoint folder"
                    : "expected one folder, got " + positional.size() + ": " + positional);
        }
        return new Arguments(positional.get(0), Map.copyOf(options));
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
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
