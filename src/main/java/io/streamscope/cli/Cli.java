package io.streamscope.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headless commands: {@code streamscope <command> …} prints JSON on stdout. Exit 0 on an answer (problems in
 * the content are part of the answer), 2 on a bad invocation or a path that is not a checkpoint, with a one-line
 * reason on stderr. {@code <command> --help} prints the command's usage on stdout (exit 0); an unknown command is one
 * line on stderr and exit 2.
 */
public final class Cli {

    static final int OK = 0;
    static final int USAGE = 2;
    /** A bug: something escaped every command's own handling. Never expected; the fuzz test fails on it. */
    static final int INTERNAL_ERROR = 70;

    private static final List<String> HELP = List.of("--help", "-h", "help");

    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("inspect", new InspectCommand());
        COMMANDS.put("state", new StateCommand());
        COMMANDS.put("topic", new TopicExportCommand());
        COMMANDS.put("replay", new ReplayCommand());
        COMMANDS.put("doctor", new DoctorCommand());
        COMMANDS.put("handover", new HandoverCommand());
        COMMANDS.put("watch", new WatchCommand());
    }

    private Cli() {
    }

    /** The commands, in the order the usage lists them. */
    static java.util.Set<String> commandNames() {
        return java.util.Collections.unmodifiableSet(COMMANDS.keySet());
    }

    /** Whether {@code word} names a command (or asks for help). */
    public static boolean isCommand(String word) {
        return COMMANDS.containsKey(word) || HELP.contains(word);
    }

    /**
     * Whether the jar's first argument is for the command line rather than the window: a command, a help word, or a
     * plain word that is neither an option nor a path (a mistyped command, answered with an error, never the window).
     */
    public static boolean wantsCommandLine(String first) {
        if (isCommand(first)) {
            return true;
        }
        if (first.isEmpty() || first.startsWith("-") || first.contains("/") || first.contains("\\")
                || first.contains(":") || first.startsWith(".") || first.startsWith("~")) {
            return false;
        }
        try {
            return !Files.exists(Path.of(first));
        } catch (InvalidPathException e) {
            return true;
        }
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            out.println(usage());
            return USAGE;
        }
        String name = args[0];
        if (HELP.contains(name)) {
            Command asked = args.length > 1 ? COMMANDS.get(args[1]) : null;
            out.println(asked == null ? usage() : help(asked));
            return OK;
        }
        Command command = COMMANDS.get(name);
        if (command == null) {
            err.println("streamscope: unknown command \"" + oneLine(name) + "\" (commands: "
                    + String.join(", ", COMMANDS.keySet()) + "; --help for usage; a folder to open in the window must exist)");
            return USAGE;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (asksForHelp(rest)) {
            out.println(help(command));
            return OK;
        }
        try {
            return command.run(rest, out);
        } catch (UsageException e) {
            err.println("streamscope " + name + ": " + oneLine(e.getMessage()));
            err.println("usage: streamscope " + command.usage());
            return USAGE;
        } catch (CommandFailedException e) {
            err.println("streamscope " + name + ": " + oneLine(e.getMessage()));
            return USAGE;
        } catch (RuntimeException | Error e) {
            // Reading never throws on bad content; reaching this is a bug, said in one line rather than a stack trace.
            out.flush();
            err.println("streamscope " + name + ": internal error, please report it: " + oneLine(String.valueOf(e)));
            return INTERNAL_ERROR;
        }
    }

    /** {@code --help} or {@code -h} among a command's arguments (not as the value of a flag that takes one). */
    private static boolean asksForHelp(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--help") || args[i].equals("-h")) {
                boolean isValue = i > 0 && args[i - 1].startsWith("--") && !args[i - 1].contains("=")
                        && !args[i - 1].equals("--help");
                if (!isValue) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every command takes remote URIs and --conf (Arguments). */
    static final String REMOTE_USAGE = "Any path may be a URI (hdfs://, s3a://, abfss://, abfs://, gs://, file://), read "
            + "through Hadoop's FileSystem; --conf KEY=VALUE (repeatable, spark.hadoop. stripped) adds Hadoop settings "
            + "on top of HADOOP_CONF_DIR.";

    static String help(Command command) {
        return "usage: streamscope " + command.usage() + "\n" + REMOTE_USAGE;
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replace('\r', ' ').replace('\n', ' ');
    }

    static String usage() {
        StringBuilder text = new StringBuilder("usage: streamscope [<command> …]   (the app image's bin/streamscope, or java -jar streamscope.jar)\n"
                + "Without a command, opens the window. Commands (print JSON on stdout; <command> --help for one):");
        for (Command command : COMMANDS.values()) {
            text.append("\n  ").append(command.usage());
        }
        text.append("\n").append(REMOTE_USAGE);
        return text.toString();
    }
}
