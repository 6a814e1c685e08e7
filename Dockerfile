# umpire in a container: a static binary on an empty image, run as a user
# without privileges, the root file system read-only, the database in a
# volume. Build and run:
#   docker build -t umpire .
#   docker run -d --name umpire --read-only --tmpfs /tmp -v umpire-data:/data \
#     --env-file umpire.env -p 127.0.0.1:9100:9100 umpire
# (umpire.env holds TELEGRAM_TOKEN=… and the rest, one per line; /tmp
# holds the control socket that `docker exec umpire /umpire backup …` uses.)
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/umpire ./cmd/umpire \
 && mkdir -p /out/data

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/
COPY --from=build /usr/share/zoneinfo /usr/share/zoneinfo
COPY --from=build /out/umpire /umpire
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
VOLUME /data
# Inside the container every server listens on all of the container's
# interfaces, so that a published port (-p 127.0.0.1:8444:8444) reaches
# it; outside one, a port alone means loopback.
ENV UMPIRE_DB=/data/umpire.db \
    UMPIRE_HTTP_LISTEN=0.0.0.0:9100 \
    TELEGRAM_WEBHOOK_LISTEN=0.0.0.0:8443 \
    TELEGRAM_WEBAPP_LISTEN=0.0.0.0:8444 \
    UMPIRE_LOG_FORMAT=json
# 9100: /healthz, /readyz, /metrics; 8443: the Telegram webhook;
# 8444: the Mini App (each only when configured)
EXPOSE 9100 8443 8444
STOPSIGNAL SIGTERM
ENTRYPOINT ["/umpire", "serve"]
