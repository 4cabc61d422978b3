package io.streamscope.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The headless commands: {@code streamscope <command> …} prints JSON on stdout. Exit 0 on an answer (problems in
 * the content are part of the answer), 2 on a bad invocation or a path that is not a checkpoint, with a one-line
 * reason on stderr.
 */
public final class Cli {

    static final int OK = 0;
    static final int USAGE = 2;

    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("inspect", new InspectCommand());
        COMMANDS.put("state", new StateCommand());
        COMMANDS.put("topic", new TopicExportCommand());
        COMMANDS.put("replay", new ReplayCommand());
    }

    private Cli() {
    }

    public static boolean isCommand(String word) {
        return COMMANDS.containsKey(word) || word.equals("help") || word.equals("--help") || word.equals("-h");
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !COMMANDS.containsKey(args[0])) {
            out.println(usage());
            return args.length == 0 ? USAGE : OK;
        }
        Command command = COMMANDS.get(args[0]);
        try {
            return command.run(Arrays.copyOfRange(args, 1, args.length), out);
        } catch (UsageException e) {
            err.println("streamscope " + args[0] + ": " + e.getMessage());
            err.println("usage: streamscope " + command.usage());
            return USAGE;
        } catch (CommandFailedException e) {
            err.println("streamscope " + args[0] + ": " + e.getMessage());
            return USAGE;
        }
    }

    static String usage() {
        StringBuilder text = new StringBuilder("usage: java -jar streamscope.jar [<command> …]\n"
                + "Without a command, opens the window. Commands (print JSON on stdout):");
        for (Command command : COMMANDS.values()) {
            text.append("\n  ").append(command.usage());
        }
        return text.toString();
    }
}
