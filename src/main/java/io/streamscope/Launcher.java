package io.streamscope;

import io.streamscope.cli.Cli;
import io.streamscope.ui.StreamscopeApp;

/**
 * The jar's entry point. Runs a headless command when the first argument names one (a mistyped command is an error
 * on stderr, never the window), and otherwise starts the window. It does not extend {@code Application}, so the
 * JavaFX runtime can sit on the plain class path.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        args = verbosity(args);
        if (args.length > 0 && Cli.wantsCommandLine(args[0])) {
            System.exit(Cli.run(args, System.out, System.err));
        }
        StreamscopeApp.main(args);
    }

    /**
     * {@code --verbose} anywhere turns the libraries' INFO logging on (it is off by default, see
     * {@code simplelogger.properties}); the flag is taken out before the command or the window reads the arguments.
     * It must run before the first logger is made.
     */
    static String[] verbosity(String[] args) {
        if (!java.util.Arrays.asList(args).contains("--verbose")) {
            return args;
        }
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.hadoop", "info");
        return java.util.Arrays.stream(args).filter(arg -> !arg.equals("--verbose")).toArray(String[]::new);
    }
}
