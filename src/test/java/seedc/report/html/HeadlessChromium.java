package seedc.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import seedc.RequiredTool;

/**
 * Debian's chromium, headless, driven over the DevTools protocol: one browser for several pages, each loaded from
 * a file with the network closed to it, reporting what its console and its requests said. The waits below are
 * guards against a hung browser, not timed assertions.
 */
public final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long GUARD_SECONDS = 120;

    private final Process browser;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new ArrayList<>();

    /** What one page showed: its console's errors and warnings, its script exceptions, the URLs it requested. */
    public record Loaded(List<String> consoleErrors, List<String> requests, JsonNode value) {}

    private HeadlessChromium(Process browser, Path profile, WebSocket socket) {
        this.browser = browser;
        this.profile = profile;
        this.socket = socket;
    }

    /** Starts chromium (a failure under CI when it is missing, else a skip: {@link RequiredTool}). */
    public static HeadlessChromium start() throws IOException, InterruptedException {
        RequiredTool.command("chromium", "chromium");
        Path profile = Files.createTempDirectory("seedc-chromium-");
        Process p = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "--remote-allow-origins=*",
                "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank").redirectErrorStream(true).start();
        String ws = devToolsAddress(p);
        int port = URI.create(ws).getPort();
        HttpClient http = HttpClient.newHttpClient();
        String pageSocket = null;
        for (int tries = 0; pageSocket == null && tries < 200; tries++) {
            JsonNode list = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/json/list")).build(), HttpResponse.BodyHandlers.ofString()).body());
            for (JsonNode t : list) {
                if ("page".equals(t.path("type").asText())) {
                    pageSocket = t.get("webSocketDebuggerUrl").asText();
                }
            }
            if (pageSocket == null) {
                Thread.sleep(50);
            }
        }
        if (pageSocket == null) {
            p.destroyForcibly();
            throw new IllegalStateException("chromium opened no page");
        }
        HeadlessChromium[] self = new HeadlessChromium[1];
        WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(pageSocket), new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    String message = text.toString();
                    text.setLength(0);
                    self[0].received(message);
                }
                w.request(1);
                return null;
            }
        }).join();
        self[0] = new HeadlessChromium(p, profile, socket);
        for (String domain : List.of("Runtime", "Log", "Page", "Network")) {
            self[0].call(domain + ".enable", JSON.createObjectNode());
        }
        return self[0];
    }

    /** The browser's "DevTools listening on ws://..." line from its output. */
    private static String devToolsAddress(Process p) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        Pattern listening = Pattern.compile("DevTools listening on (ws://\\S+)");
        StringBuilder said = new StringBuilder();
        for (String line; (line = out.readLine()) != null; ) {
            Matcher m = listening.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> { // the browser blocks once its output pipe fills
                    try {
                        out.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // the browser closed
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return m.group(1);
            }
            said.append(line).append('\n');
        }
        throw new IllegalStateException("chromium did not start:\n" + said);
    }

    private void received(String message) {
        try {
            JsonNode n = JSON.readTree(message);
            if (n.has("id")) {
                CompletableFuture<JsonNode> f = replies.remove(n.get("id").asInt());
                if (f != null) {
                    f.complete(n);
                }
            } else {
                synchronized (events) {
                    events.add(n);
                    events.notifyAll();
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends {@code method} and waits for its result (an error reply is an exception). */
    private JsonNode call(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        replies.put(id, reply);
        ObjectNode m = JSON.createObjectNode().put("id", id).put("method", method);
        m.set("params", params);
        socket.sendText(m.toString(), true).join();
        try {
            JsonNode r = reply.get(GUARD_SECONDS, TimeUnit.SECONDS);
            if (r.has("error")) {
                throw new IllegalStateException(method + ": " + r.get("error"));
            }
            return r.get("result");
        } catch (Exception e) {
            throw new IllegalStateException(method + " got no answer", e);
        }
    }

    /**
     * Loads {@code file}, waits for its load event, and evaluates {@code expression} (a JSON value) in it; with what
     * the console said and what the page requested meanwhile.
     */
    public Loaded load(Path file, String expression) throws InterruptedException {
        synchronized (events) {
            events.clear();
        }
        call("Page.navigate", JSON.createObjectNode().put("url", file.toUri().toString()));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
        synchronized (events) {
            while (events.stream().noneMatch(e -> "Page.loadEventFired".equals(e.path("method").asText()))) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException(file + " did not load");
                }
                events.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
        JsonNode value = call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true)).path("result").path("value");
        List<String> errors = new ArrayList<>(), requests = new ArrayList<>();
        synchronized (events) {
            for (JsonNode e : events) {
                JsonNode p = e.path("params");
                switch (e.path("method").asText()) {
                    case "Runtime.consoleAPICalled" -> {
                        String type = p.path("type").asText();
                        if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
                            errors.add(type + ": " + p.path("args"));
                        }
                    }
                    case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
                    case "Log.entryAdded" -> {
                        String level = p.path("entry").path("level").asText();
                        if (level.equals("error") || level.equals("warning")) {
                            errors.add("log: " + p.path("entry").path("text").asText());
                        }
                    }
                    case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
                    default -> { }
                }
            }
        }
        return new Loaded(errors, requests, value);
    }

    @Override
    public void close() throws Exception {
        socket.abort();
        // killed, not asked to quit: its profile is thrown away, and a clean shutdown takes seconds
        List<ProcessHandle> helpers = browser.descendants().toList(); // its renderer and zygote, this browser's own
        browser.destroyForcibly().waitFor();
        helpers.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle h : helpers) {
            h.onExit().get(GUARD_SECONDS, TimeUnit.SECONDS);
        }
        try (var files = Files.walk(profile)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a file the browser's helpers still held: the temporary folder is left behind, harmlessly
        }
    }
}
