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
            int code = Cli.run(args, System.out, System.err);
            if (code != 0 || anotherThreadWouldKeepTheJvm()) {
                System.exit(code);
            }
            // An answer ends the JVM as main returns: System.exit first looks for a System.Logger to log the exit with,
            // and the lookup of its providers opens the whole jar (36,000 entries, 25-30 ms) where nothing else had.
            return;
        }
        StreamscopeApp.main(args);
    }

    /** Whether a thread a library started is not a daemon: the JVM would wait for it where System.exit does not. */
    private static boolean anotherThreadWouldKeepTheJvm() {
        Thread self = Thread.currentThread();
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread != self && thread.isAlive() && !thread.isDaemon());
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
