#include "class_server.h"

#include <sys/socket.h>

#include <arpa/inet.h>

#include <chrono>
#include <random>

#include <httplib.h>
#include <nlohmann/json.hpp>

namespace gradlab::app {
namespace {

using Json = nlohmann::json;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void reply(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void refuse(httplib::Response& res, int status, const std::string& why) { reply(res, status, Json{{"error", why}}); }

// Compares without stopping at the first difference: how long it took says nothing about the token.
bool sameSecret(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// The body as a JSON object; refuses (400) anything else.
bool jsonBody(const httplib::Request& req, httplib::Response& res, Json* out) {
  *out = Json::parse(req.body, nullptr, false);
  if (out->is_discarded() || !out->is_object()) {
    refuse(res, 400, "the request body is not a JSON object");
    return false;
  }
  return true;
}

std::string text(const Json& j, const char* field) {
  auto it = j.find(field);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int whole(const Json& j, const char* field, int otherwise) {
  auto it = j.find(field);
  return it != j.end() && it->is_number_integer() ? static_cast<int>(it->get<int64_t>()) : otherwise;
}

Json summaryJson(const viz::ClassSummary& s) {
  Json cells = Json::array(), numbers = Json::object(), cores = Json::object(), choices = Json::object();
  for (const auto& [cell, count] : s.cells) cells.push_back({cell.first, cell.second, count});
  for (const auto& [number, count] : s.numbers) numbers[number] = count;
  for (const auto& [core, count] : s.cores) cores[std::to_string(core)] = count;
  for (const auto& [option, count] : s.choices) choices[std::to_string(option)] = count;
  return {{"students", s.students}, {"answered", s.answered}, {"rightFirstTime", s.rightFirstTime},
          {"rightEventually", s.rightEventually}, {"cells", cells}, {"numbers", numbers}, {"cores", cores}, {"choices", choices}};
}

}  // namespace

bool localNetworkAddress(const std::string& address) {
  in_addr v4{};
  if (inet_pton(AF_INET, address.c_str(), &v4) == 1) {
    const uint32_t a = ntohl(v4.s_addr);
    return (a >> 24) == 127 || (a >> 24) == 10 || (a >> 20) == 0xAC1 || (a >> 16) == 0xC0A8 || (a >> 16) == 0xA9FE;
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, address.c_str(), &v6) == 1) {
    const unsigned char* b = v6.s6_addr;
    static const unsigned char kLoopback[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    if (std::equal(b, b + 16, kLoopback)) return true;
    if ((b[0] & 0xFE) == 0xFC) return true;                 // fc00::/7, unique local
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return true;  // fe80::/10, link-local
    static const unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    if (std::equal(b, b + 12, kMapped)) {  // ::ffff:a.b.c.d
      char four[INET_ADDRSTRLEN];
      inet_ntop(AF_INET, b + 12, four, sizeof four);
      return localNetworkAddress(four);
    }
  }
  return false;
}

ClassServer::ClassServer(viz::ClassRoom& room, ClassServerOptions options)
    : room_(room), options_(std::move(options)), server_(std::make_unique<httplib::Server>()) {
  std::random_device device;
  joinCode_ = std::to_string(1000 + device() % 9000);
  teacherToken_ = viz::unguessableToken();
  routes();
}

ClassServer::~ClassServer() { stop(); }

std::string ClassServer::studentLink(const std::string& host) const {
  return "http://" + host + ":" + std::to_string(port_) + "/?join=" + joinCode_;
}

void ClassServer::show(const ClassView& view) {
  {
    std::lock_guard lock(mutex_);
    view_ = view;
  }
  changed();
}

void ClassServer::changed() {
  {
    std::lock_guard lock(mutex_);
    ++version_;
  }
  changed_.notify_all();
}

uint64_t ClassServer::version() const {
  std::lock_guard lock(mutex_);
  return version_;
}

std::string ClassServer::stateJson() const {
  const viz::ClassQuestion q = room_.question();
  std::lock_guard lock(mutex_);
  return Json{{"version", version_},
              {"lesson", view_.lesson},
              {"step", view_.step},
              {"tab", view_.tab},
              {"question",
               {{"key", q.key()}, {"round", q.round}, {"open", q.open}, {"revealed", q.revealed}}}}
      .dump();
}

bool ClassServer::admitted(const httplib::Request& req, httplib::Response& res, const std::string& client) {
  if (options_.localNetworkOnly && !localNetworkAddress(req.remote_addr)) {
    refuse(res, 403, "this class takes requests from the local network only");
    return false;
  }
  // A page of another site may not act for a student's browser: no other origin, ever.
  if (req.has_header("Origin") && req.get_header_value("Origin") != "http://" + req.get_header_value("Host")) {
    refuse(res, 403, "requests from another origin are refused");
    return false;
  }
  std::lock_guard lock(mutex_);
  if (buckets_.size() > 100000) buckets_.clear();  // a flood of made-up clients cannot grow it without bound
  Bucket& b = buckets_[client];
  const int64_t now = nowMs();
  b.tokens = b.lastMs == 0 ? options_.burst
                           : std::min(options_.burst, b.tokens + (now - b.lastMs) * options_.requestsPerSecond / 1000.0);
  b.lastMs = now;
  if (b.tokens < 1.0) {
    res.set_header("Retry-After", "1");
    refuse(res, 429, "too many requests: wait a moment");
    return false;
  }
  b.tokens -= 1.0;
  return true;
}

bool ClassServer::teacher(const httplib::Request& req, httplib::Response& res) {
  if (!sameSecret(req.get_header_value("X-Teacher-Token"), teacherToken_)) {
    refuse(res, 403, "this needs the teacher's token");
    return false;
  }
  return true;
}

void ClassServer::routes() {
  httplib::Server& s = *server_;
  s.set_payload_max_length(options_.maxBodyBytes);
  s.set_read_timeout(5, 0);
  s.set_write_timeout(5, 0);
  const int workers = options_.workers;
  s.new_task_queue = [workers] { return new httplib::ThreadPool(static_cast<size_t>(workers)); };
  // The page's threads need cross-origin isolation (as tools/web/serve gives it); nothing is shared with
  // other origins (no Access-Control-* header is ever sent).
  s.set_default_headers({{"Cross-Origin-Opener-Policy", "same-origin"},
                         {"Cross-Origin-Embedder-Policy", "require-corp"},
                         {"Cross-Origin-Resource-Policy", "same-origin"},
                         {"X-Content-Type-Options", "nosniff"},
                         {"Cache-Control", "no-store"}});
  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    std::string client = req.get_header_value("X-Student-Token");
    if (client.size() > 64) client.resize(64);
    client = client.empty() ? "addr " + req.remote_addr : "token " + client;
    return admitted(req, res, client) ? httplib::Server::HandlerResponse::Unhandled
                                      : httplib::Server::HandlerResponse::Handled;
  });
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) refuse(res, res.status, res.status == 404 ? "no such page" : "the request was refused");
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    refuse(res, 500, "the server could not answer this request; the class goes on");
  });
  if (!options_.site.empty()) s.set_mount_point("/", options_.site);

  s.Post("/api/join", [this](const httplib::Request& req, httplib::Response& res) {
    Json body;
    if (!jsonBody(req, res, &body)) return;
    const std::string token = text(body, "token");
    if (text(body, "class") != joinCode_ && !room_.student(token)) {
      refuse(res, 403, "that is not this class's code");
      return;
    }
    std::string why;
    const auto student = room_.join(text(body, "name"), text(body, "lang").empty() ? "en" : text(body, "lang"), token, &why);
    if (!student) {
      refuse(res, 400, why);
      return;
    }
    // With the tries this student already sent to the open question (a reloaded page numbers on from them).
    const viz::ClassQuestion q = room_.question();
    reply(res, 200, Json{{"student", student->id}, {"name", student->name}, {"lang", student->lang}, {"token", student->token},
                         {"question", q.key()}, {"round", q.round}, {"tries", room_.triesNow(student->token)}});
  });

  s.Get("/api/state", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(stateJson(), "application/json");
  });

  // Server-Sent Events: the state each time it changes, a comment every 15 s to keep the connection.
  s.Get("/api/events", [this](const httplib::Request&, httplib::Response& res) {
    auto sent = std::make_shared<uint64_t>(0);
    res.set_chunked_content_provider("text/event-stream", [this, sent](size_t, httplib::DataSink& sink) {
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, std::chrono::seconds(15), [&] { return stopping_ || version_ != *sent; });
      if (stopping_) {
        sink.done();
        return false;
      }
      std::string message;
      if (version_ != *sent) {
        *sent = version_;
        lock.unlock();
        message = "data: " + stateJson() + "\n\n";
      } else {
        message = ": still here\n\n";
      }
      return sink.write(message.data(), message.size());
    });
  });

  s.Post("/api/answer", [this](const httplib::Request& req, httplib::Response& res) {
    Json body;
    if (!jsonBody(req, res, &body)) return;
    const std::string token = req.get_header_value("X-Student-Token");
    const viz::ClassQuestion q = room_.question();
    viz::ClassTry t;
    t.question = text(body, "question");
    t.round = whole(body, "round", 0);
    t.attempt = whole(body, "attempt", 0);
    t.hints = whole(body, "hints", -1);
    auto seconds = body.find("seconds");
    t.seconds = seconds != body.end() && seconds->is_number() ? seconds->get<double>() : -1.0;
    auto answer = body.find("answer");
    std::string why;
    const auto parsed = answer != body.end() && answer->is_object()
                            ? viz::answerFromJson(answer->dump(), room_.answerGrid(), {}, &t.typed, &why)
                            : std::nullopt;
    if (!parsed) {
      refuse(res, 400, why.empty() ? "\"answer\" must be an object: cells, number, cores or choice" : why);
      return;
    }
    t.answer = *parsed;
    const viz::ClassTryOutcome outcome = room_.answer(token, t);
    if (outcome.kind == viz::ClassTryOutcome::Kind::kRefused) {
      refuse(res, room_.student(token) ? 409 : 403, outcome.why);
      return;
    }
    reply(res, 200, Json{{"recorded", outcome.kind == viz::ClassTryOutcome::Kind::kRecorded}, {"right", outcome.right},
                         {"question", q.key()}});
    changed();
  });

  s.Get("/api/teacher/summary", [this](const httplib::Request& req, httplib::Response& res) {
    if (!teacher(req, res)) return;
    const viz::ClassQuestion q = room_.question();
    Json out = summaryJson(room_.summary(q.key(), q.round));
    out["question"] = q.key();
    out["round"] = q.round;
    reply(res, 200, out);
  });
  s.Post("/api/teacher/reveal", [this](const httplib::Request& req, httplib::Response& res) {
    if (!teacher(req, res)) return;
    room_.reveal();
    changed();
    reply(res, 200, Json{{"revealed", true}});
  });
  s.Post("/api/teacher/vote-again", [this](const httplib::Request& req, httplib::Response& res) {
    if (!teacher(req, res)) return;
    room_.voteAgain();
    changed();
    reply(res, 200, Json{{"round", room_.question().round}});
  });
  s.Get("/api/teacher/record.csv", [this](const httplib::Request& req, httplib::Response& res) {
    if (!teacher(req, res)) return;
    res.set_content(room_.csv(), "text/csv");
  });
  s.Get("/api/teacher/report", [this](const httplib::Request& req, httplib::Response& res) {
    if (!teacher(req, res)) return;
    const viz::ClassReport report = room_.report();
    Json questions = Json::array(), students = Json::array();
    for (const viz::ClassReport::Question& q : report.questions)
      questions.push_back({{"question", q.key}, {"answered", q.answered}, {"rightFirstTime", q.rightFirstTime},
                           {"shareRightFirstTime", q.shareRightFirstTime()}, {"rightEventually", q.rightEventually}});
    for (const viz::ClassReport::Student& st : report.students)
      students.push_back({{"student", st.id}, {"name", st.name}, {"answered", st.answered},
                          {"rightFirstTime", st.rightFirstTime}, {"score", st.right}, {"asked", report.questions.size()}});
    reply(res, 200, Json{{"questions", questions}, {"students", students}});
  });
}

bool ClassServer::start(std::string* why) {
  // Debian's compiled cpp-httplib listens with a backlog of 5: a room's pages connecting at once overflowed it,
  // and the kernel dropped their connections (retried after a second, or failed). The listening socket is
  // kept as it is made and listened on again with the system's backlog (Linux updates it in place).
  int listening = -1;
  server_->set_socket_options([&listening](socket_t sock) {
    httplib::default_socket_options(sock);
    listening = static_cast<int>(sock);
  });
  port_ = options_.port == 0 ? server_->bind_to_any_port(options_.bind)
                             : (server_->bind_to_port(options_.bind, options_.port) ? options_.port : -1);
  server_->set_socket_options(httplib::default_socket_options);
  if (port_ >= 0 && listening >= 0) ::listen(listening, SOMAXCONN);
  if (port_ < 0) {
    *why = "cannot listen on " + options_.bind + ":" + std::to_string(options_.port) +
           " (in use, or not an address of this machine); --port and --bind choose another";
    return false;
  }
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  return true;
}

void ClassServer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace gradlab::app
